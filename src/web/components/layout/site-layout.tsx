/** The frame around every page: skip link, header, the main landmark, then (after the first content) the footer and the floating chat button. */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { afterFirstContent } from '#web/lib/after-first-content.ts';
import { Header } from './header.tsx';

interface SiteLayoutProps {
  children: ReactNode;
  search?: ReactNode;
  headerActions?: ReactNode;
  /** Links the phone's header menu adds at its end (see Header). */
  phoneMenuExtras?: ReactNode;
  /** True while the next page is loading; shows a thin progress bar. */
  busy?: boolean;
  /** The floating chat button for shoppers; off on the owner's screens, where it would cover their tables. */
  chat?: boolean;
}

export const MAIN_CONTENT_ID = 'main';

export function SiteLayout({
  children,
  search,
  headerActions,
  phoneMenuExtras,
  busy = false,
  chat = true,
}: SiteLayoutProps) {
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
      <Header search={search} actions={headerActions} phoneMenuExtras={phoneMenuExtras} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} aria-busy={busy} className="flex-1 outline-none">
        {children}
      </main>
      <AfterFirstContent load={loadFooter} />
      {chat && <AfterFirstContent load={loadChatLink} />}
    </div>
  );
}

const loadFooter = () => import('./footer.tsx').then((module) => module.Footer);
// Floats over the page, so it moves nothing when it appears; until then the footer's contact details stand in.
const loadChatLink = () => import('./chat-link.tsx').then((module) => module.ChatLink);

/**
 * The footer (below the fold, the same on every page) and the floating chat link: their code arrives after the
 * first page has shown its content instead of adding to the first-load JavaScript. Being last in the page, they
 * move nothing when they appear. Should a chunk fail to load, the page simply goes without that part.
 */
function AfterFirstContent({ load }: { load: () => Promise<ComponentType> }) {
  const [Part, setPart] = useState<ComponentType>();
  useEffect(() => {
    let cancelled = false;
    const cancelWait = afterFirstContent(() => {
      load().then(
        (Component) => {
          if (!cancelled) setPart(() => Component);
        },
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      cancelWait();
    };
  }, [load]);
  return Part ? <Part /> : null;
}
