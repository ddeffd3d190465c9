/**
 * One of the owner's lists (lists.ts) below its filters: loading, what went wrong with Retry, an empty list's words,
 * the heading over the page shown, its rows, and Previous/Next. Everything reads the page shown, which is the last
 * one while another loads (marked busy), so it always describes the rows on screen.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListFields } from '../list-fields.ts';
import type { AdminListDeclaration } from '../lists.ts';
import type { useAdminList } from '../hooks/use-admin-list.ts';
import { ListPager } from './list-pager.tsx';
import { QueryState } from './query-state.tsx';

interface AdminListProps<Fields extends ListFields, Item extends { _id: string }, Data, Key extends QueryKey> {
  list: AdminListDeclaration<Fields, Item, Data, Key>;
  state: ReturnType<typeof useAdminList<Fields, Item, Data, Key>>;
  /** Above the list: its filters, and what a change to a row came to. */
  children?: ReactNode;
  /** One row, in a list named by the declaration's `listName`… */
  row?: (item: Item) => ReactNode;
  /** …or all of a page's rows drawn at once (a table). */
  rows?: (items: Item[]) => ReactNode;
}

const box = 'rounded-2xl bg-white p-8 text-center text-lg text-stone-700 shadow-sm ring-1 ring-cream-200';

export function AdminList<Fields extends ListFields, Item extends { _id: string }, Data, Key extends QueryKey>({
  list: { texts, paged },
  state: { result, headingRef, turnTo },
  children,
  row,
  rows,
}: AdminListProps<Fields, Item, Data, Key>) {
  return (
    <div className="flex flex-col gap-6">
      {children}
      <div aria-busy={result.isPlaceholderData}>
        <QueryState query={result} failed={texts.failed}>
          {(page) => {
            const { items, total, filter } = page;
            if (total === 0 && texts.empty) return <p className={box}>{texts.empty(filter)}</p>;
            return (
              <div className="flex flex-col gap-4">
                <h2 ref={headingRef} tabIndex={-1} className="text-lg font-bold text-roast-900 tabular-nums">
                  {texts.heading(page)}
                </h2>
                {items.length === 0 && texts.pastEnd && <p className={box}>{texts.pastEnd}</p>}
                {items.length > 0 && rows?.(items)}
                {items.length > 0 && row && (
                  <ul role="list" aria-label={texts.listName} className="flex flex-col gap-3">
                    {items.map((item) => (
                      <li key={item._id}>{row(item)}</li>
                    ))}
                  </ul>
                )}
                {paged && <ListPager label={texts.pagerLabel} page={page} onTurnTo={turnTo} />}
              </div>
            );
          }}
        </QueryState>
      </div>
    </div>
  );
}
