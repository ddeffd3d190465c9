/** The frame around every page: skip link, header, the main landmark, footer and the floating chat button. */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { afterFirstContent } from '#web/lib/after-first-content.ts';
import { ChatLink } from './chat-link.tsx';
import { Header } from './header.tsx';

interface SiteLayoutProps {
  children: ReactNode;
  search?: ReactNode;
  headerActions?: ReactNode;
  /** True while the next page is loading; shows a thin progress bar. */
  busy?: boolean;
}

export const MAIN_CONTENT_ID = 'main';

export function SiteLayout({ children, search, headerActions, busy = false }: SiteLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-roast-900 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div
        aria-hidden="true"
        className={clsx(
          'fixed inset-x-0 top-0 z-40 h-1 origin-left bg-buy transition-transform duration-500',
          busy ? 'scale-x-75' : 'scale-x-0',
        )}
      />
      <Header search={search} actions={headerActions} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} aria-busy={busy} className="flex-1 outline-none">
        {children}
      </main>
      <DeferredFooter />
      <ChatLink />
    </div>
  );
}

/**
 * The footer is below the fold and the same on every page, so its code arrives after the first page
 * has shown its content instead of adding to the first-load JavaScript. Being last in the page, it
 * moves nothing when it appears. Should its chunk fail to load, the page simply goes without it.
 */
function DeferredFooter() {
  const [Footer, setFooter] = useState<ComponentType>();
  useEffect(() => {
    let cancelled = false;
    const cancelWait = afterFirstContent(() => {
      import('./footer.tsx').then(
        (module) => {
          if (!cancelled) setFooter(() => module.Footer);
        },
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      cancelWait();
    };
  }, []);
  return Footer ? <Footer /> : null;
}
