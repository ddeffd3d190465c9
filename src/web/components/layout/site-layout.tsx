/** The frame around every page: skip link, header, the main landmark and footer. */
import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { Footer } from './footer.tsx';
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
      <Footer />
    </div>
  );
}
