/** Previous and Next through the order list, with the orders this page holds ('1–50 of 120') between them. */
import { Button } from '#web/components/ui/button.tsx';
import { pageRange } from '../order-filter.ts';

interface OrderPagerProps {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  onPrevious: () => void;
  onNext: () => void;
  /** The navigation's name: 'Pages of orders' unless told. */
  label?: string;
}

export function OrderPager({
  offset,
  shown,
  total,
  pageSize,
  onPrevious,
  onNext,
  label = 'Pages of orders',
}: OrderPagerProps) {
  // One page needs no paging: the list's heading already says how many orders there are.
  if (offset === 0 && total <= pageSize) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" onClick={onPrevious} disabled={offset === 0}>
        Previous
      </Button>
      <p className="text-sm font-semibold text-stone-700 tabular-nums">{pageRange(offset, shown, total)}</p>
      <Button variant="secondary" onClick={onNext} disabled={offset + pageSize >= total}>
        Next
      </Button>
    </nav>
  );
}
