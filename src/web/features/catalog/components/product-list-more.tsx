/** Under a list: how many of its products show, and 'Show more products' while some are left. */
import { Button } from '#web/components/ui/button.tsx';
import type { useProductList } from '../api/use-product-list.ts';

export function ProductListMore({ list: { query, products, total } }: { list: ReturnType<typeof useProductList> }) {
  if (!query.hasNextPage) return null;
  const loading = query.isFetchingNextPage;
  return (
    <div className="mt-8 flex flex-col items-center gap-3 text-center">
      <p aria-live="polite" className="text-sm text-stone-600">
        {query.isFetchNextPageError
          ? 'More products could not be loaded. Please try again.'
          : `Showing ${products.length} of ${total} products`}
      </p>
      {/* Not disabled while loading: a disabled button would drop the keyboard's focus. */}
      <Button
        variant="secondary"
        size="lg"
        aria-disabled={loading}
        onClick={() => {
          if (!loading) void query.fetchNextPage();
        }}
      >
        {loading ? 'Loading more products…' : 'Show more products'}
      </Button>
    </div>
  );
}
