/** Under a list: how many of its products show, and 'Show more products' while some are left. */
import { ShowMore } from '#web/components/ui/show-more.tsx';
import type { useProductList } from '../api/use-product-list.ts';

export function ProductListMore({ list: { query, products, total } }: { list: ReturnType<typeof useProductList> }) {
  if (!query.hasNextPage) return null;
  return (
    <ShowMore
      noun="products"
      shown={products.length}
      total={total}
      loading={query.isFetchingNextPage}
      failed={query.isFetchNextPageError}
      onMore={() => void query.fetchNextPage()}
    />
  );
}
