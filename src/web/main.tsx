/** Browser entry: the stored session, styles, providers and the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { startGuestCart } from './lib/guest-cart.ts';
import { startSession } from './lib/session.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// Before the first render, so the header shows the right account controls from the start.
startGuestCart();
startSession();

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
