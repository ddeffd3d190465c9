/** /products/bestsellers: the products shoppers buy most. */
import { SHOP_NAME } from '#shared/constants';
import type { Product } from '#shared/schemas/product';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { useProducts } from '#web/features/catalog/api/get-products.ts';
import { ProductGrid, ProductGridSkeleton } from '#web/features/catalog/components/product-grid.tsx';

const selectBestSellers = (products: Product[]) => products.filter((product) => product.isBestSeller);

export default function BestsellersRoute() {
  const query = useProducts(selectBestSellers);
  return (
    <PageContainer>
      <title>{`Best Sellers | ${SHOP_NAME}`}</title>
      <PageHeading description="Our shoppers’ favourites, roasted and packed to order.">Best Sellers</PageHeading>
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
