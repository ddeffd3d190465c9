/** A page listing one slice of the catalog (best sellers, new launches) from the cached product list. */
import type { ReactNode } from 'react';
import { SHOP_NAME } from '#shared/constants';
import type { Product } from '#shared/schemas/product';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { useProducts } from '../api/get-products.ts';
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';

interface ProductCollectionProps {
  heading: string;
  description: string;
  /** For search results and link previews (the page's meta description). */
  metaDescription: string;
  /** Keep it stable (module scope) so TanStack Query does not re-run it on every render. */
  select: (products: Product[]) => Product[];
  /** Buttons for each card (the cart's, composed by the app). */
  renderActions?: (product: Product) => ReactNode;
}

export function ProductCollection({
  heading,
  description,
  metaDescription,
  select,
  renderActions,
}: ProductCollectionProps) {
  const query = useProducts(select);
  return (
    <PageContainer>
      <PageMeta title={`${heading} | ${SHOP_NAME}`} description={metaDescription} />
      <PageHeading description={description}>{heading}</PageHeading>
      {query.isPending ? (
        <ProductGridSkeleton wide />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <ProductGrid products={query.data} wide renderActions={renderActions} />
      )}
    </PageContainer>
  );
}
