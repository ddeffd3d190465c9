/**
 * What the server knew of the visitor when it rendered the page (from a cookie, decision 074), handed to the browser
 * in the page data so that the hydrating render matches the server's HTML.
 */
import { createContext, use } from 'react';

export interface VisitorOnServer {
  /** Whether the browser said it may hold a cart (CART_KEPT_COOKIE). */
  cartKept: boolean;
}

// A page the browser renders alone is past hydration from the start, where nothing reads this.
export const VisitorOnServerContext = createContext<VisitorOnServer>({ cartKept: true });

export const useVisitorOnServer = (): VisitorOnServer => use(VisitorOnServerContext);
