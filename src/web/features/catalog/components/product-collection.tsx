/** A page listing one collection of the catalog (best sellers, new launches), a page at a time. */
import type { ReactNode } from 'react';
import { SHOP_NAME } from '#shared/constants';
import type { Product } from '#shared/schemas/product';
import type { ProductListFilter } from '../api/get-products.ts';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { useProductList } from '../api/use-product-list.ts';
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx';
import { ProductListMore } from './product-list-more.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';

interface ProductCollectionProps {
  heading: string;
  description: string;
  /** For search results and link previews (the page's meta description). */
  metaDescription: string;
  filter: ProductListFilter;
  /** Buttons for each card (the cart's, composed by the app). */
  renderActions?: (product: Product) => ReactNode;
}

export function ProductCollection({
  heading,
  description,
  metaDescription,
  filter,
  renderActions,
}: ProductCollectionProps) {
  const list = useProductList(filter);
  const { query } = list;
  return (
    <PageContainer>
      <PageMeta title={`${heading} | ${SHOP_NAME}`} description={metaDescription} />
      <PageHeading description={description}>{heading}</PageHeading>
      {query.isPending ? (
        <ProductGridSkeleton wide />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <ProductGrid products={list.products} wide renderActions={renderActions} />
          <ProductListMore list={list} />
        </>
      )}
    </PageContainer>
  );
}
