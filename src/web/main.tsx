/**
 * Browser entry: the stored session and guest cart wired together, styles, providers and the router. A page the
 * server rendered (its page data present) is hydrated with the server's data and its screen's code loaded first,
 * so the first render matches the server's HTML; otherwise the app renders from nothing.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { fillQueryCache, type PageData, readPageData } from './app/page-data.ts';
import { AppProvider, createQueryClient } from './app/provider.tsx';
import { AppRouter, createAppRoutes } from './app/router.tsx';
import { wireSession } from './app/wire-session.ts';
import { startGuestCart } from './features/cart/guest-cart.ts';
import { startSession } from './lib/session.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// Before the first render, so the header shows the right account controls from the start.
startGuestCart();
startSession();
wireSession();

async function hydratePage(root: HTMLElement, pageData: PageData) {
  const queryClient = createQueryClient();
  fillQueryCache(queryClient, pageData.queries);
  const router = createBrowserRouter(createAppRoutes(queryClient), { hydrationData: pageData.router });
  // The server rendered the page's screen: the router loads its lazy module (and no data: it has the server's)
  // before it is initialised, and hydrating waits for that, or the first render would show the loading screen
  // where the server's HTML has the content.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  hydrateRoot(
    root,
    <StrictMode>
      <AppProvider queryClient={queryClient} origin={pageData.origin}>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>,
    {
      // React 19 recovers from a mismatch by rendering afresh, and only reports it here: logged as an error so
      // the browser tests, which fail on console errors, catch any.
      onRecoverableError: (error) => console.error(error),
    },
  );
}

const pageData = readPageData(document);
if (pageData) {
  void hydratePage(container, pageData);
} else {
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}
