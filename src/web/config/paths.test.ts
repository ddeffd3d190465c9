import { describe, expect, it } from 'vitest';
import { pageRoutes } from '#shared/page-routes';
import { paths, safeRedirectPath } from './paths.ts';

describe('paths', () => {
  it('builds product and list links', () => {
    expect(paths.product.getHref('roasted-cashew-nuts')).toBe('/product/roasted-cashew-nuts');
    expect(paths.products.getHref()).toBe('/product');
    expect(paths.products.getHref('Dry Fruits')).toBe('/product?category=Dry+Fruits');
  });

  it('leaves an empty query and "All categories" out of search links', () => {
    expect(paths.search.getHref('  cashew ')).toBe('/search?query=cashew');
    expect(paths.search.getHref('cashew', 'Nuts')).toBe('/search?query=cashew&category=Nuts');
    expect(paths.search.getHref('', 'Seeds')).toBe('/search?category=Seeds');
    expect(paths.search.getHref('')).toBe('/search');
  });

  it('carries the payment session in the checkout pages’ links', () => {
    expect(paths.success.getHref('cs_test_1')).toBe('/success?session_id=cs_test_1');
    expect(paths.orderConfirmation.getHref('a b&c')).toBe('/order-confirmation?session_id=a+b%26c');
  });

  it('has a link builder for exactly the pages the server answers', () => {
    expect(Object.keys(paths).sort()).toEqual(Object.keys(pageRoutes).sort());
  });

  it('sends the login page back where the shopper came from', () => {
    expect(paths.login.getHref()).toBe('/login');
    expect(paths.login.getHref('/')).toBe('/login');
    expect(paths.login.getHref('/my-orders')).toBe('/login?redirectTo=%2Fmy-orders');
    expect(paths.login.getHref('/search?query=nuts&category=Nuts')).toBe(
      '/login?redirectTo=%2Fsearch%3Fquery%3Dnuts%26category%3DNuts',
    );
  });
});

describe('safeRedirectPath', () => {
  it('keeps a page of this shop', () => {
    expect(safeRedirectPath('/my-orders')).toBe('/my-orders');
    expect(safeRedirectPath('/search?query=nuts')).toBe('/search?query=nuts');
  });

  it.each([
    null,
    undefined,
    '',
    'my-orders',
    '//evil.example/login',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('sends %j home instead', (redirectTo) => {
    expect(safeRedirectPath(redirectTo)).toBe('/');
  });
});
