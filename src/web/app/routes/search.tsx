/**
 * /search?query=…&category=…&sort=…&free-from=…: products matching every word (decision 110), optionally within one
 * category, sorted and free from allergens as chosen (decision 111), with 'Did you mean …?' for a near match.
 */
import { Link, useSearchParams } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { paths } from '#web/config/paths.ts';
import { useProductList } from '#web/features/catalog/api/use-product-list.ts';
import { ProductGrid, ProductGridSkeleton } from '#web/features/catalog/components/product-grid.tsx';
import { freeFromNote, ListControls } from '#web/features/catalog/components/list-controls.tsx';
import { ProductListMore } from '#web/features/catalog/components/product-list-more.tsx';
import { searchFilter } from '#web/features/catalog/list-filters.ts';
import { listOrder } from '#web/features/catalog/list-order.ts';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { useProductCardActions } from '../shop-cart.tsx';

const NO_MATCHES_TEXT = 'No matching products found.';

export default function SearchRoute() {
  const [searchParams] = useSearchParams();
  const filter = { ...searchFilter(searchParams), ...listOrder(searchParams) };
  const { q: query = '', category } = filter;
  const list = useProductList(filter);
  const { query: productsQuery, products: results, total } = list;
  const suggestion = productsQuery.data?.pages[0]?.suggestion;
  const suggestionParams = new URLSearchParams(searchParams);
  if (suggestion) suggestionParams.set('query', suggestion);
  const renderActions = useProductCardActions();

  const heading = query ? `Search results for "${query}"` : category ? `All ${category}` : 'All products';
  const title = query ? `Search: ${query} | ${SHOP_NAME}` : `Search | ${SHOP_NAME}`;

  return (
    <PageContainer>
      <PageMeta
        title={title}
        description={
          query
            ? `Roast & Co. nuts, dry fruits and seeds matching “${query}”${category ? ` in ${category}` : ''}.`
            : 'Search Roast & Co.’s roasted nuts, dry fruits and seeds by name and category.'
        }
      />
      <PageHeading description={category ? `In ${category}` : undefined}>{heading}</PageHeading>
      {suggestion ? (
        <p className="mb-4 text-lg text-stone-800">
          Did you mean{' '}
          <Link
            to={`${paths.search.path}?${suggestionParams}`}
            className="font-semibold text-buy underline hover:text-buy-hover"
          >
            {suggestion}
          </Link>
          ?
        </p>
      ) : null}
      <ListControls unsortedLabel="Best match" carry={['query', 'category']} />
      {productsQuery.isPending ? (
        <ProductGridSkeleton wide />
      ) : productsQuery.isError ? (
        <LoadError onRetry={() => void productsQuery.refetch()} retrying={productsQuery.isFetching} />
      ) : (
        <>
          <p aria-live="polite" className="mb-4 text-sm text-stone-600">
            {total === 1 ? '1 product found' : `${total} products found`}
            {freeFromNote(filter['free-from'])}
          </p>
          {results.length === 0 ? (
            <div className="rounded-xl bg-cream-100 px-6 py-12 text-center">
              <p className="text-lg text-stone-800">{NO_MATCHES_TEXT}</p>
              <p className="mt-2 text-stone-600">
                Try fewer or different words{category ? ', or search all categories' : ''}, or{' '}
                <Link to={paths.products.getHref()} className="font-semibold text-buy underline hover:text-buy-hover">
                  browse all products
                </Link>
                .
              </p>
            </div>
          ) : (
            <>
              <ProductGrid products={results} wide renderActions={renderActions} />
              <ProductListMore list={list} />
            </>
          )}
        </>
      )}
    </PageContainer>
  );
}
