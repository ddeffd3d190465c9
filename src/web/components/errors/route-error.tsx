/**
 * The router's error screen: a chunk that failed to load (offer a reload), a 404 (the not-found page),
 * or anything else ('Unexpected Application Error!').
 */
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { RefreshCw } from '#web/components/ui/icons.tsx';
import { SHOP_NAME } from '#shared/constants';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { isChunkLoadError, loadChunkWithTimeout } from '#web/lib/chunk-load.ts';
import { PageMeta } from '#web/components/layout/page-meta.tsx';

// Every address reaches a screen (the '*' route is the not-found page), so a 404 here is a safety net whose code
// need not be in every page's first load.
const NotFound = lazy(() =>
  loadChunkWithTimeout(() => import('./not-found.tsx')).then((module) => ({ default: module.NotFound })),
);

export function RouteError() {
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  }

  if (isChunkLoadError(error)) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
        <PageMeta
          title={`Chunk-load error | ${SHOP_NAME}`}
          description="Part of this Roast & Co. page could not be downloaded. Reloading the page normally fixes it."
        />
        <h1 className="text-3xl font-extrabold text-roast-900">Chunk-load error</h1>
        <p className="mt-4 text-stone-600">
          Part of this page could not be downloaded. This usually means the connection dropped or the shop has just been
          updated. Reloading the page normally fixes it.
        </p>
        <Button variant="buy" size="lg" className="mt-8" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Reload page
        </Button>
      </div>
    );
  }

  console.error(error);
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <PageMeta
        title={`Something went wrong | ${SHOP_NAME}`}
        description="Something went wrong on the Roast & Co. site. Please try again, or head back to the home page."
      />
      <h1 className="text-3xl font-extrabold text-roast-900">Unexpected Application Error!</h1>
      <p className="mt-4 text-stone-600">
        Sorry, something went wrong on our side. Please try again, or head back to the home page.
      </p>
      <Link to={paths.home.getHref()} className={buttonStyles({ variant: 'primary', className: 'mt-8' })}>
        Back to the home page
      </Link>
    </div>
  );
}
