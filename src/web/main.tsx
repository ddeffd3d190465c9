/**
 * The app, started by boot.ts once the page is painted: the stored session and guest cart wired together, styles, providers and the router. A page the
 * server rendered (its page data present) is hydrated with the server's data and its screen's code loaded first,
 * so the first render matches the server's HTML; otherwise the app renders from nothing.
 *
 * A server-rendered page is already on screen, so its start is cut into short tasks with a yield to the browser
 * between them (the session, the cache, the router, then hydration in slices): a phone's main thread is never held
 * for long, and a tap is answered between them (decision 057).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { fillQueryCache, type PageData, readPageData } from './app/page-data.ts';
import { AppProvider, createQueryClient } from './app/provider.tsx';
import { AppRouter, createAppRoutes } from './app/router.tsx';
import { wireSession } from './app/wire-session.ts';
import { startGuestCart } from './features/cart/guest-cart.ts';
import { startSession } from './lib/session.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

/** Ends the current task, so the browser can paint and handle input before the next step starts. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Before the first render, so the header shows the right account controls from the start. */
function startStores() {
  startGuestCart();
  startSession();
  wireSession();
  // Only the next page's server needs it: out of the first load's code.
  void import('./app/cart-kept-cookie.ts').then(({ keepCartKeptCookieInStep }) => keepCartKeptCookieInStep());
}

/**
 * A browser opens a tab's session storage on its first use, which takes about as long as any other step here; React
 * Router reads it while the router is made. Opened beforehand, in a task of its own.
 */
function openSessionStorage() {
  try {
    void window.sessionStorage.length;
  } catch {
    // Storage refused (a privacy setting): the router does without it.
  }
}

async function hydratePage(root: HTMLElement, pageData: PageData) {
  await yieldToBrowser();
  startStores();
  await yieldToBrowser();
  openSessionStorage();
  await yieldToBrowser();
  const queryClient = createQueryClient();
  fillQueryCache(queryClient, pageData.queries);
  await yieldToBrowser();
  const router = createBrowserRouter(createAppRoutes(queryClient), { hydrationData: pageData.router });
  await yieldToBrowser();
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
  // In a transition, React hydrates in slices of a few milliseconds, yielding between them, rather than in one
  // long task: a phone can answer a tap meanwhile, and the page is already painted from the server's HTML.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <AppProvider queryClient={queryClient} origin={pageData.origin} visitorOnServer={pageData.visitor}>
          <AppRouter router={router} />
        </AppProvider>
      </StrictMode>,
      {
        // React 19 recovers from a mismatch by rendering afresh, and only reports it here: logged as an error so
        // the browser tests, which fail on console errors, catch any.
        onRecoverableError: (error) => console.error(error),
      },
    );
  });
}

const pageData = readPageData(document);
if (pageData) {
  void hydratePage(container, pageData);
} else {
  startStores();
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}
