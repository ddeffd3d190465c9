/** /products/new-launches: products new to the shop. */
import { SHOP_NAME } from '#shared/constants';
import type { Product } from '#shared/schemas/product';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { useProducts } from '#web/features/catalog/api/get-products.ts';
import { ProductGrid, ProductGridSkeleton } from '#web/features/catalog/components/product-grid.tsx';

const selectNewLaunches = (products: Product[]) => products.filter((product) => product.isNewlyLaunched);

export default function NewLaunchesRoute() {
  const query = useProducts(selectNewLaunches);
  return (
    <PageContainer>
      <title>{`Newly Launched Products | ${SHOP_NAME}`}</title>
      <PageHeading description="Fresh additions to the Roast & Co. range.">Newly Launched Products</PageHeading>
      {query.isPending ? (
        <ProductGridSkeleton wide />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <ProductGrid products={query.data} wide />
      )}
    </PageContainer>
  );
}
