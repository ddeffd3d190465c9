/**
 * What a server-rendered page tells search engines and link previews beyond its title, description and canonical
 * link (decision 056): a product page's Open Graph tags with its Product and BreadcrumbList JSON-LD, and the home
 * page's OnlineStore. Pure functions returning markup for the document's <head>; only the server's renderer
 * (entry-server.tsx) imports them, so none of it is in any script a browser downloads.
 */
import { SHOP_NAME } from '#shared/constants';
import type { Product, Weight } from '#shared/schemas/product';
import { SHOP_ADDRESS, SHOP_CONTACT } from '#shared/shop-contact';
import { paths } from '#web/config/paths.ts';
import { metaDescription } from '#web/lib/meta-description.ts';
import { toScriptJson } from '#web/lib/script-json.ts';

const SCHEMA_ORG = 'https://schema.org';
export const CURRENCY = 'GBP';
/** The shop's logo as search engines show it beside its name: the icon every page links. */
const LOGO_PATH = '/favicon.svg';

/** Text for an attribute value in double quotes. */
function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** A JSON-LD block; a data block, so the CSP's script-src does not apply and nothing runs. */
export function jsonLdScript(value: object): string {
  return `<script type="application/ld+json">${toScriptJson(value)}</script>`;
}

function absolute(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).href;
}

/** Names the store once, so the home page's block and every offer's seller are the same node. */
function storeId(origin: string): string {
  return `${origin}/#store`;
}

/** Pounds as the API writes them, two decimals: schema.org and Open Graph take the price as text. */
export function priceText(pounds: number): string {
  return pounds.toFixed(2);
}

// NOTE: every weight the catalog lists can be bought today. Once weights carry stock (`inStock`, docs/api.md, Stock), an
// out-of-stock weight must say https://schema.org/OutOfStock here, or search results would promise it.
function availability(_weight: Weight): string {
  return `${SCHEMA_ORG}/InStock`;
}

export function productJsonLd(product: Product, origin: string) {
  const url = absolute(origin, paths.product.getHref(product._id));
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    image: [absolute(origin, product.image)],
    sku: product._id,
    productID: product._id,
    category: product.category,
    url,
    brand: { '@type': 'Brand', name: SHOP_NAME },
    offers: product.weights.map((weight) => ({
      '@type': 'Offer',
      name: `${product.name}, ${weight.label}`,
      price: priceText(weight.price),
      priceCurrency: CURRENCY,
      availability: availability(weight),
      itemCondition: `${SCHEMA_ORG}/NewCondition`,
      url,
      seller: { '@type': 'OnlineStore', '@id': storeId(origin), name: SHOP_NAME },
    })),
    // Only with reviews to stand on: a rating of no reviews is one search engines refuse.
    ...(product.rating.count > 0 && product.rating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The trail the page shows above the product: Home › Products › its category › the product. */
export function breadcrumbJsonLd(product: Product, origin: string) {
  const trail = [
    { name: 'Home', href: paths.home.getHref() },
    { name: 'Products', href: paths.products.getHref() },
    { name: product.category, href: paths.products.getHref(product.category) },
    { name: product.name, href: paths.product.getHref(product._id) },
  ];
  return {
    '@context': SCHEMA_ORG,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absolute(origin, step.href),
    })),
  };
}

export function onlineStoreJsonLd(origin: string) {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'OnlineStore',
    '@id': storeId(origin),
    name: SHOP_NAME,
    url: `${origin}/`,
    logo: absolute(origin, LOGO_PATH),
    telephone: SHOP_CONTACT.phone,
    email: SHOP_CONTACT.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: SHOP_ADDRESS.street,
      addressLocality: SHOP_ADDRESS.locality,
      postalCode: SHOP_ADDRESS.postcode,
      addressCountry: SHOP_ADDRESS.country,
    },
  };
}

/**
 * Open Graph (Facebook, WhatsApp, Slack, LinkedIn…) and the card X asks for. `pageUrl` is the page's canonical
 * address, so a shared link and a search result agree on what the page is.
 */
export function productOpenGraph(product: Product, origin: string, pageUrl: string): string {
  const properties: [string, string][] = [
    ['og:type', 'product'],
    ['og:site_name', SHOP_NAME],
    ['og:locale', 'en_GB'],
    ['og:title', product.name],
    ['og:description', metaDescription(product.description)],
    ['og:url', pageUrl],
    ['og:image', absolute(origin, product.image)],
    ['og:image:alt', product.name],
    ['product:price:amount', priceText(product.price)],
    ['product:price:currency', CURRENCY],
  ];
  return [
    ...properties.map(([property, content]) => `<meta property="${property}" content="${escapeAttribute(content)}"/>`),
    // Square illustrations: the small card, whose picture is square.
    '<meta name="twitter:card" content="summary"/>',
  ].join('');
}

/** Everything a product page adds to its <head>. */
export function productHead(product: Product, origin: string, pageUrl: string): string {
  return (
    productOpenGraph(product, origin, pageUrl) +
    jsonLdScript(productJsonLd(product, origin)) +
    jsonLdScript(breadcrumbJsonLd(product, origin))
  );
}

/** Everything the home page adds to its <head>. */
export function homeHead(origin: string): string {
  return jsonLdScript(onlineStoreJsonLd(origin));
}
