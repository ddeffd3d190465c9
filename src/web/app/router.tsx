/**
 * The storefront's routes. Every screen is a lazy chunk (with the spec's 120 s time-out); a static
 * loader starts the data it needs at the same moment, so code and data download side by side.
 */
import { useEffect, useMemo, type ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProductBrowseQuery } from '#shared/schemas/product';
import { RouteError } from '#web/components/errors/route-error.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { paths } from '#web/config/paths.ts';
import { prefetchProduct } from '#web/features/catalog/api/get-product.ts';
import {
  HOME_COLLECTIONS,
  productListQueryOptions,
  productPageQueryOptions,
  type ProductListFilter,
} from '#web/features/catalog/api/get-products.ts';
import {
  allProductsFilter,
  asksForListOrder,
  BESTSELLERS_FILTER,
  NEW_LAUNCHES_FILTER,
  searchFilter,
} from '#web/features/catalog/list-filters.ts';
import { myOrdersQueryOptions } from '#web/features/orders/api/get-my-orders.ts';
import { reviewsQueryOptions } from '#web/features/reviews/api/get-reviews.ts';
import { markFirstContentShown } from '#web/lib/after-first-content.ts';
import { loadChunkWithTimeout } from '#web/lib/chunk-load.ts';
import { getSession } from '#web/lib/session.ts';
import { RootLayout } from './root-layout.tsx';

function lazyScreen(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => {
    const module = await loadChunkWithTimeout(load);
    return { Component: module.default };
  };
}

/**
 * What a route says about itself to the server's renderer: the part of the catalog its screen shows, which its page
 * carries, from the address's query: a list's first page for the lists and search, pages (browse queries) for the
 * home page's carousels.
 */
export interface RouteHandle {
  catalog?: (search: URLSearchParams) => { list?: ProductListFilter; pages?: readonly ProductBrowseQuery[] };
  /** The list also takes a sort and allergens from the address (`listOrder`, which the renderer adds). */
  ordered?: boolean;
}

const HOME_CATALOG = Object.values(HOME_COLLECTIONS);

/**
 * The route tree, shared by the browser's router and the server's static handler (entry-server.tsx). `fetchData`:
 * whether loaders start requests; the server's renderer fills the cache itself and turns it off, so a part it could
 * not have in time (the reviews) renders loading instead of being fetched from the server by a relative URL.
 */
export function createAppRoutes(queryClient: QueryClient, { fetchData = true } = {}): RouteObject[] {
  const screen = { HydrateFallback: PageLoading } satisfies Partial<RouteObject>;

  // Loaders start the request and return at once: they never fail or hold up a navigation, and the
  // screen's query joins the request in flight, showing its own loading and error states.
  const startLoading =
    (start: (args: LoaderFunctionArgs) => void) =>
    (args: LoaderFunctionArgs): null => {
      if (fetchData) start(args);
      return null;
    };

  // A list screen: its first page (whose filter its address gives) starts loading with its code, and the server's
  // renderer puts that page into the HTML. A list in an order of the shopper's starts loading with its screen, which
  // reads the order: the code for it stays out of every page's JavaScript.
  const listScreen = (filterFrom: (search: URLSearchParams) => ProductListFilter, ordered = false) => ({
    ...screen,
    handle: { catalog: (search) => ({ list: filterFrom(search) }), ordered } satisfies RouteHandle,
    loader: startLoading(({ request }) => {
      const search = new URL(request.url).searchParams;
      if (ordered && asksForListOrder(search)) return;
      void queryClient.prefetchInfiniteQuery(productListQueryOptions(filterFrom(search)));
    }),
  });
  const prefetchHome = startLoading(() => {
    for (const collection of HOME_CATALOG) void queryClient.prefetchQuery(productPageQueryOptions(collection));
  });
  const prefetchProductPage = startLoading(({ params }) => {
    void prefetchProduct(queryClient, params.productId ?? '');
  });

  // 'Buy again' asks for its order's products when pressed.
  const prefetchMyOrders = startLoading(() => {
    if (getSession()) void queryClient.prefetchQuery(myOrdersQueryOptions());
  });

  const prefetchReviews = startLoading(() => {
    void queryClient.prefetchInfiniteQuery(reviewsQueryOptions());
  });

  return [
    {
      id: 'root',
      Component: RootLayout,
      errorElement: <RouteError />,
      children: [
        {
          // Errors inside a screen keep the header and footer around them.
          errorElement: <RouteError />,
          children: [
            {
              ...screen,
              handle: { catalog: () => ({ pages: HOME_CATALOG }) } satisfies RouteHandle,
              index: true,
              loader: prefetchHome,
              lazy: lazyScreen(() => import('./routes/home.tsx')),
            },
            {
              ...listScreen(allProductsFilter, true),
              path: paths.products.path,
              lazy: lazyScreen(() => import('./routes/product-list.tsx')),
            },
            {
              ...listScreen(() => BESTSELLERS_FILTER),
              path: paths.bestsellers.path,
              lazy: lazyScreen(() => import('./routes/bestsellers.tsx')),
            },
            {
              ...listScreen(() => NEW_LAUNCHES_FILTER),
              path: paths.newLaunches.path,
              lazy: lazyScreen(() => import('./routes/new-launches.tsx')),
            },
            {
              ...screen,
              path: paths.product.path,
              loader: prefetchProductPage,
              lazy: lazyScreen(() => import('./routes/product-detail.tsx')),
            },
            {
              ...listScreen(searchFilter, true),
              path: paths.search.path,
              lazy: lazyScreen(() => import('./routes/search.tsx')),
            },
            { ...screen, path: paths.about.path, lazy: lazyScreen(() => import('./routes/about.tsx')) },
            { ...screen, path: paths.contact.path, lazy: lazyScreen(() => import('./routes/contact.tsx')) },
            {
              ...screen,
              path: paths.reviews.path,
              loader: prefetchReviews,
              lazy: lazyScreen(() => import('./routes/reviews.tsx')),
            },
            { ...screen, path: paths.login.path, lazy: lazyScreen(() => import('./routes/login.tsx')) },
            { ...screen, path: paths.signup.path, lazy: lazyScreen(() => import('./routes/signup.tsx')) },
            { ...screen, path: paths.staffAccept.path, lazy: lazyScreen(() => import('./routes/staff-accept.tsx')) },
            {
              ...screen,
              path: paths.forgotPassword.path,
              lazy: lazyScreen(() => import('./routes/forgot-password.tsx')),
            },
            {
              ...screen,
              path: paths.resetPassword.path,
              lazy: lazyScreen(() => import('./routes/reset-password.tsx')),
            },
            { ...screen, path: paths.cart.path, lazy: lazyScreen(() => import('./routes/cart.tsx')) },
            { ...screen, path: paths.shipping.path, lazy: lazyScreen(() => import('./routes/shipping.tsx')) },
            { ...screen, path: paths.success.path, lazy: lazyScreen(() => import('./routes/success.tsx')) },
            { ...screen, path: paths.cancel.path, lazy: lazyScreen(() => import('./routes/cancel.tsx')) },
            {
              ...screen,
              path: paths.orderConfirmation.path,
              lazy: lazyScreen(() => import('./routes/order-confirmation.tsx')),
            },
            {
              ...screen,
              path: paths.myOrders.path,
              loader: prefetchMyOrders,
              lazy: lazyScreen(() => import('./routes/my-orders.tsx')),
            },
            { ...screen, path: paths.myOrder.path, lazy: lazyScreen(() => import('./routes/my-order.tsx')) },
            { ...screen, path: paths.account.path, lazy: lazyScreen(() => import('./routes/account.tsx')) },
            // The owner's screens: one lazy layout (the admin guard and navigation) around each screen's own lazy
            // chunk. No loader: the owner's data would bring its code into every shopper's first load.
            {
              ...screen,
              path: paths.admin.path,
              lazy: lazyScreen(() => import('./routes/admin-layout.tsx')),
              children: [
                { ...screen, index: true, lazy: lazyScreen(() => import('./routes/admin.tsx')) },
                {
                  ...screen,
                  path: paths.adminReviews.path,
                  lazy: lazyScreen(() => import('./routes/admin-reviews.tsx')),
                },
                {
                  ...screen,
                  path: paths.adminMessages.path,
                  lazy: lazyScreen(() => import('./routes/admin-messages.tsx')),
                },
                { ...screen, path: paths.adminAudit.path, lazy: lazyScreen(() => import('./routes/admin-audit.tsx')) },
                { ...screen, path: paths.adminStaff.path, lazy: lazyScreen(() => import('./routes/admin-staff.tsx')) },
                {
                  ...screen,
                  path: paths.adminReports.path,
                  lazy: lazyScreen(() => import('./routes/admin-reports.tsx')),
                },
                {
                  ...screen,
                  path: paths.adminPacking.path,
                  lazy: lazyScreen(() => import('./routes/admin-packing.tsx')),
                },
                {
                  ...screen,
                  path: paths.adminDelivery.path,
                  lazy: lazyScreen(() => import('./routes/admin-delivery.tsx')),
                },
                {
                  ...screen,
                  path: paths.adminPromotions.path,
                  lazy: lazyScreen(() => import('./routes/admin-promotions.tsx')),
                },
                {
                  ...screen,
                  path: paths.adminBatches.path,
                  lazy: lazyScreen(() => import('./routes/admin-batches.tsx')),
                },
                {
                  ...screen,
                  path: paths.adminProducts.path,
                  lazy: lazyScreen(() => import('./routes/admin-products.tsx')),
                },
                // Adding and editing a product share one form, so one chunk.
                ...([paths.adminNewProduct.path, paths.adminProduct.path] as const).map((path) => ({
                  ...screen,
                  path,
                  lazy: lazyScreen(() => import('./routes/admin-product.tsx')),
                })),
              ],
            },
            // The three legal pages share one chunk: whoever reads one often reads another.
            ...(['privacy', 'terms', 'delivery'] as const).map((name) => ({
              ...screen,
              path: paths[name].path,
              lazy: lazyScreen(() =>
                import('./routes/legal.tsx').then((module) => ({ default: module.legalScreens[name] })),
              ),
            })),
            // The returns page and the FAQ share one chunk, apart from the legal pages.
            ...(['returns', 'faq'] as const).map((name) => ({
              ...screen,
              path: paths[name].path,
              lazy: lazyScreen(() =>
                import('./routes/help.tsx').then((module) => ({ default: module.helpScreens[name] })),
              ),
            })),
            { ...screen, path: '*', lazy: lazyScreen(() => import('./routes/not-found.tsx')) },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}

export type AppBrowserRouter = ReturnType<typeof createBrowserRouter>;

/** `router`: one made before hydration (main.tsx), with the server's data and the page's screen already loaded. */
export function AppRouter({ router: givenRouter }: { router?: AppBrowserRouter }) {
  const queryClient = useQueryClient();
  const router = useMemo(() => givenRouter ?? createAppRouter(queryClient), [givenRouter, queryClient]);
  useEffect(() => watchFirstContent(router, queryClient), [router, queryClient]);
  return <RouterProvider router={router} />;
}

/**
 * The first page has shown its content once its screen's code has arrived and no data is on its way;
 * only then may optional code (footer, Embla) start downloading. Returns a function that stops watching.
 */
function watchFirstContent(router: AppBrowserRouter, queryClient: QueryClient): () => void {
  const isShown = () =>
    router.state.initialized && router.state.navigation.state === 'idle' && queryClient.isFetching() === 0;
  const unsubscribeRouter = router.subscribe(check);
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(check);
  function stop() {
    unsubscribeRouter();
    unsubscribeQueries();
  }
  function check() {
    if (!isShown()) return;
    markFirstContentShown();
    stop();
  }
  check();
  return stop;
}
