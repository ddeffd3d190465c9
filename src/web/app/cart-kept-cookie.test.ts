import { describe, expect, it } from 'vitest';
import { CART_KEPT_COOKIE } from '#shared/constants';
import { cartKeptCookie } from './cart-kept-cookie.ts';

describe('cartKeptCookie', () => {
  it('sets the cookie for a year on every page of the shop, sent on links from elsewhere but not on their posts', () => {
    expect(cartKeptCookie(true, false)).toBe(`${CART_KEPT_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=31536000`);
  });

  it('removes it when there is nothing to keep', () => {
    expect(cartKeptCookie(false, false)).toBe(`${CART_KEPT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`);
  });

  it('is sent only over HTTPS when the shop is served over HTTPS', () => {
    expect(cartKeptCookie(true, true)).toMatch(/; Secure$/);
  });
});
