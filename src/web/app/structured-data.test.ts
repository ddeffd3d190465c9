import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/schemas/product';
import { testProduct } from '#tests/fixtures/product';
import {
  breadcrumbJsonLd,
  homeHead,
  onlineStoreJsonLd,
  productHead,
  productJsonLd,
  productOpenGraph,
} from './structured-data.ts';

const origin = 'https://shop.example';

const cashews: Product = {
  ...testProduct('roasted-cashew-nuts', [
    ['250g', 4.19],
    ['500g', 8.2],
    ['1kg', 16],
  ]),
  name: 'Roasted Cashew Nuts',
  description: 'Whole cashews, dry roasted in small batches. Lightly salted.',
};

/** The JSON-LD blocks of some head markup, parsed as a crawler would. */
function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}

/** Open Graph values by property, with the attribute escapes undone. */
function openGraph(html: string): Record<string, string> {
  const decodeEntities = (value: string) =>
    value
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  return Object.fromEntries(
    [...html.matchAll(/<meta property="([^"]+)" content="([^"]*)"\/>/g)].map((match) => [
      match[1]!,
      decodeEntities(match[2]!),
    ]),
  );
}

describe('a product page’s structured data', () => {
  it('offers every weight at the API’s price in pounds, two decimals, GBP, in stock', () => {
    const product = productJsonLd(cashews, origin);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Roasted Cashew Nuts',
      description: cashews.description,
      image: ['https://shop.example/images/products/roasted-cashew-nuts.svg'],
      sku: 'roasted-cashew-nuts',
      productID: 'roasted-cashew-nuts',
      url: 'https://shop.example/product/roasted-cashew-nuts',
      brand: { '@type': 'Brand', name: 'Roast & Co.' },
    });
    expect(
      product.offers.map(({ name, price, priceCurrency, availability, url }) => ({
        name,
        price,
        priceCurrency,
        availability,
        url,
      })),
    ).toEqual(
      (
        [
          ['250g', '4.19'],
          ['500g', '8.20'],
          ['1kg', '16.00'],
        ] as const
      ).map(([label, price]) => ({
        name: `Roasted Cashew Nuts, ${label}`,
        price,
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/product/roasted-cashew-nuts',
      })),
    );
    expect(product.offers[0]!.seller).toEqual({
      '@type': 'OnlineStore',
      '@id': 'https://shop.example/#store',
      name: 'Roast & Co.',
    });
  });

  it('claims no reference price: an offer is its price alone, with or without an MRP (decision 094)', () => {
    const mixed = testProduct('mixed', [
      ['250g', 4.19, 6.99],
      ['500g', 4.95, null],
    ]);
    const head = productHead(mixed, origin, `${origin}/product/mixed`);
    expect(head).not.toContain('6.99');
    expect(head).not.toMatch(/priceSpecification|Strikethrough|ListPrice|null/);
    for (const offer of productJsonLd(mixed, origin).offers) {
      expect(Object.keys(offer).sort()).toEqual(
        ['@type', 'availability', 'itemCondition', 'name', 'price', 'priceCurrency', 'seller', 'url'].sort(),
      );
    }
  });

  it('rates the product from its shown reviews, and claims no rating without one', () => {
    const rated = { ...cashews, rating: { average: 4.3, count: 12 } };
    const [block] = jsonLdBlocks(productHead(rated, origin, `${origin}/product/roasted-cashew-nuts`));
    expect(block).toMatchObject({
      '@type': 'Product',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 12, bestRating: 5, worstRating: 1 },
    });
    expect(productJsonLd(cashews, origin)).not.toHaveProperty('aggregateRating');
  });

  it('keeps an image that is already absolute as it is', () => {
    const product = { ...cashews, image: 'https://cdn.example/cashews.webp' };
    expect(productJsonLd(product, origin).image).toEqual(['https://cdn.example/cashews.webp']);
    expect(openGraph(productOpenGraph(product, origin, `${origin}/product/x`))['og:image']).toBe(
      'https://cdn.example/cashews.webp',
    );
  });

  it('follows the breadcrumb the page shows: Home, Products, the category’s list, the product', () => {
    expect(breadcrumbJsonLd({ ...cashews, category: 'Dry Fruits' }, origin).itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
      { '@type': 'ListItem', position: 2, name: 'Products', item: 'https://shop.example/product' },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Dry Fruits',
        item: 'https://shop.example/product?category=Dry+Fruits',
      },
      {
        '@type': 'ListItem',
        position: 4,
        name: 'Roasted Cashew Nuts',
        item: 'https://shop.example/product/roasted-cashew-nuts',
      },
    ]);
  });

  it('gives link previews the title, description, image, address and price', () => {
    const pageUrl = `${origin}/product/roasted-cashew-nuts`;
    expect(openGraph(productOpenGraph(cashews, origin, pageUrl))).toEqual({
      'og:type': 'product',
      'og:site_name': 'Roast & Co.',
      'og:locale': 'en_GB',
      'og:title': 'Roasted Cashew Nuts',
      'og:description': cashews.description,
      'og:url': pageUrl,
      'og:image': 'https://shop.example/images/products/roasted-cashew-nuts.svg',
      'og:image:alt': 'Roasted Cashew Nuts',
      'product:price:amount': '4.19',
      'product:price:currency': 'GBP',
    });
  });

  it('cannot close its element or an attribute, whatever a product is called', () => {
    const name = '</script><script>alert(1)</script> "Nuts" & <b>\u2028';
    const hostile = { ...cashews, name, description: `${name} description.` };
    const head = productHead(hostile, origin, `${origin}/product/roasted-cashew-nuts`);

    // Exactly the blocks and tags written, nothing the name opened.
    expect(head.match(/<script/g)).toHaveLength(2);
    expect(head.match(/<\/script>/g)).toHaveLength(2);
    expect(head.match(/<meta /g)).toHaveLength(11);
    expect(head).not.toContain('<b>');
    // The escapes read back as the name itself.
    const [product, breadcrumb] = jsonLdBlocks(head) as [{ name: string }, { itemListElement: { name: string }[] }];
    expect(product.name).toBe(name);
    expect(breadcrumb.itemListElement.at(-1)!.name).toBe(name);
    expect(openGraph(head)['og:title']).toBe(name);
  });
});

describe('the home page’s structured data', () => {
  it('names the online store with its address, phone, e-mail and logo', () => {
    expect(onlineStoreJsonLd(origin)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'OnlineStore',
      '@id': 'https://shop.example/#store',
      name: 'Roast & Co.',
      url: 'https://shop.example/',
      logo: 'https://shop.example/favicon.svg',
      telephone: '+44 20 7946 0958',
      email: 'hello@roastandco.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Unit 4, 18 Roastery Lane',
        addressLocality: 'London',
        postalCode: 'E1 6AN',
        addressCountry: 'GB',
      },
    });
    expect(jsonLdBlocks(homeHead(origin))).toEqual([onlineStoreJsonLd(origin)]);
  });
});
