/**
 * The server's renderer (built by Vite into dist/ssr/, loaded by the server's static plugin): renders a storefront
 * URL to HTML with React from the browser's own route modules. Data comes from what the server holds, handed in
 * by the caller, and fills the query cache under the browser's keys; the cache and the router's data go into the
 * page for `hydrateRoot` (main.tsx). Nothing here knows the visitor: the cart badge, the account menu and the
 * guest cart render their anonymous state (their stores' server snapshots), as the browser's hydrating render does.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouter, StaticRouterProvider } from 'react-router';
import type { Product } from '#shared/schemas/product';
import type { ReviewPage } from '#shared/schemas/review';
import { productQueryOptions } from '#web/features/catalog/api/get-product.ts';
import { browseCatalog } from '#shared/catalog-search';
import { listOrder } from '#web/features/catalog/list-order.ts';
import type { DeliverySettings } from '#shared/schemas/delivery';
import {
  firstListPages,
  PRODUCT_LIST_PAGE_SIZE,
  productListQueryOptions,
  productPageQueryOptions,
} from '#web/features/catalog/api/get-products.ts';
import { firstReviewPages, reviewsQueryOptions } from '#web/features/reviews/api/get-reviews.ts';
import { Footer } from '#web/components/layout/footer.tsx';
import { paths } from '#web/config/paths.ts';
import { type PageData, serialisePageData } from './app/page-data.ts';
import { AppProvider, createQueryClient } from './app/provider.tsx';
import { deliveryChargesQueryOptions } from './app/routes/delivery-charges.ts';
import { createAppRoutes, type RouteHandle } from './app/router.tsx';
import { homeHead, productHead } from './app/structured-data.ts';

export interface RenderInput {
  /** The path and query asked for, e.g. '/search?query=cashew'. */
  url: string;
  /** PUBLIC_URL without a trailing slash. */
  origin: string;
  products: readonly Product[];
  /**
   * The first page of reviews (on a product's page, that product's), or undefined when it could not be had in time:
   * the page renders without it.
   */
  reviews: ReviewPage | undefined;
  /** The delivery charges for /delivery, or undefined (another page, or not had in time). */
  delivery?: DeliverySettings | undefined;
  /** Whether the request carried CART_KEPT_COOKIE: /cart then waits for the script rather than showing it empty. */
  cartKept: boolean;
}

export interface RenderedPage {
  /**
   * The title, description and canonical link React hoists, then the structured data and Open Graph tags of a
   * product page or the home page (app/structured-data.ts), for the document's <head>.
   */
  head: string;
  /** The app's markup, for inside <div id="root">. */
  body: string;
  /**
   * For after the root: the footer in a <noscript>. The app adds its footer after the first content, with a script;
   * a browser that runs none gets this one, and one that runs scripts ignores it.
   */
  afterRoot: string;
  /** The page data (page-data.ts) as escaped JSON. */
  data: string;
}

const PRODUCT_PATH = /^\/product\/([^/?#]+)\/?$/;
// React writes the hoisted metadata of a fragment at its start; these are the elements PageMeta renders.
const LEADING_METADATA = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)+/;

export async function renderPage({
  url,
  origin,
  products,
  reviews,
  delivery,
  cartKept,
}: RenderInput): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  const routes = createAppRoutes(queryClient, { fetchData: false });
  const { pathname, searchParams } = new URL(url, origin);
  // A page carries the part of the catalog its screen shows (its route's handle): a list's first page, a carousel's
  // products; a product page, the cart or the about page carry none of it.
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    const { list: unordered, pages = [] } = handle?.catalog?.(searchParams) ?? {};
    const list = unordered && handle?.ordered ? { ...unordered, ...listOrder(searchParams) } : unordered;
    if (list) {
      const firstPage = browseCatalog(products, { ...list, limit: PRODUCT_LIST_PAGE_SIZE, offset: 0 });
      queryClient.setQueryData(productListQueryOptions(list).queryKey, firstListPages(firstPage));
    }
    for (const page of pages) {
      queryClient.setQueryData(productPageQueryOptions(page).queryKey, browseCatalog(products, page));
    }
  }
  if (delivery) queryClient.setQueryData(deliveryChargesQueryOptions().queryKey, delivery);
  // A product page the catalog lacks renders its not-found state rather than asking the API.
  const productId = PRODUCT_PATH.exec(pathname)?.[1];
  const product =
    productId === undefined ? undefined : products.find(({ _id }) => _id === decodeURIComponent(productId));
  if (productId !== undefined) {
    queryClient.setQueryData(productQueryOptions(decodeURIComponent(productId)).queryKey, product ?? null);
  }
  if (reviews) {
    const reviewsOf = product ? product._id : undefined;
    queryClient.setQueryData(reviewsQueryOptions(reviewsOf).queryKey, firstReviewPages(reviews));
  }

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response) throw new Error(`The routes answered ${url} with a redirect`);
  // Loaders never fail (router.tsx); an error here would need React Router's error serialising, so the caller's
  // fallback (the empty shell) takes the page instead.
  if (context.errors) throw new Error(`The routes failed to load ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const html = renderToString(
    <StrictMode>
      <AppProvider queryClient={queryClient} origin={origin} visitorOnServer={{ cartKept }}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const head = LEADING_METADATA.exec(html)?.[0] ?? '';
  // Written here rather than by the screens: the browser never needs them, and the home page's first-load JS has
  // no room. og:url is the canonical link's address, which PageMeta builds from the same origin and path.
  let structuredData = '';
  if (product) structuredData = productHead(product, origin, `${origin}${pathname}`);
  else if (pathname === paths.home.path) structuredData = homeHead(origin);
  const pageData: PageData = {
    origin,
    queries: {
      updatedAt: Date.now(),
      entries: queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'success')
        .map((query) => [query.queryKey, query.state.data]),
    },
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    visitor: { cartKept },
  };
  const footer = renderToString(
    <StaticRouter location={url}>
      <Footer />
    </StaticRouter>,
  );
  return {
    head: head + structuredData,
    body: html.slice(head.length),
    afterRoot: `<noscript>${footer}</noscript>`,
    data: serialisePageData(pageData),
  };
}
