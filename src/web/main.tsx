/** Browser entry: the stored session and guest cart wired together, styles, providers and the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
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

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
