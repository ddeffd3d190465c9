/**
 * Previous and Next through an owner's list, with the rows the page on screen holds ('51–100 of 120') between them.
 * All of it reads the page shown, so while the next one loads the pager still describes the rows above it.
 */
import { Button } from '#web/components/ui/button.tsx';
import { type ListPage, PER_PAGE, pageOffset, pageRange, previousPage } from '../list-page.ts';

interface ListPagerProps {
  /** The navigation's name: 'Pages of orders', 'Pages of reviews'. */
  label: string;
  page: ListPage<unknown, { page: number }>;
  onTurnTo: (page: number) => void;
}

export function ListPager({ label, page: { items, total, filter }, onTurnTo }: ListPagerProps) {
  const { page } = filter;
  const offset = pageOffset(page);
  // One page needs no paging: the list's heading already says how many there are.
  if (offset === 0 && total <= PER_PAGE) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" onClick={() => onTurnTo(previousPage(page, total))} disabled={offset === 0}>
        Previous
      </Button>
      <p className="text-sm font-semibold text-stone-700 tabular-nums">{pageRange(offset, items.length, total)}</p>
      <Button variant="secondary" onClick={() => onTurnTo(page + 1)} disabled={offset + PER_PAGE >= total}>
        Next
      </Button>
    </nav>
  );
}
