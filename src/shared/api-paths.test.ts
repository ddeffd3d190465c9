import { describe, expect, it } from 'vitest';
import { apiPaths } from './api-paths.ts';

describe('the API paths', () => {
  it('keep an id, a token or a session id one path segment, whatever it holds', () => {
    expect(apiPaths.products.one('roasted-cashew-nuts')).toBe('/api/products/roasted-cashew-nuts');
    expect(apiPaths.cart.remove('a/b?c')).toBe('/api/cart/remove/a%2Fb%3Fc');
    expect(apiPaths.cart.changeWeight('../clear')).toBe('/api/cart/..%2Fclear');
    expect(apiPaths.orders.verify('cs_test #1')).toBe('/api/orders/verify-stripe/cs_test%20%231');
    expect(apiPaths.auth.resetPassword('t/k=')).toBe('/api/auth/reset-password/t%2Fk%3D');
  });

  it('put every address of a group under its prefix', () => {
    for (const group of Object.values(apiPaths)) {
      for (const [name, value] of Object.entries(group)) {
        const path = typeof value === 'function' ? value('x') : value;
        expect(path === group.prefix || path.startsWith(`${group.prefix}/`), name).toBe(true);
      }
    }
  });
});
