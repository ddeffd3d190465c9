/**
 * The shop's public origin (the server's PUBLIC_URL, e.g. 'https://roastandco.uk'), for canonical links. The server
 * passes it into its render and writes it into the page's data; the browser reads it from there, never from
 * `window` while rendering, so both render the same links. Empty when unknown (a page the browser built alone).
 */
import { createContext, useContext } from 'react';

export const ShopOriginContext = createContext('');

export function useShopOrigin(): string {
  return useContext(ShopOriginContext);
}
