/**
 * One of the owner's lists on screen: its filter read from the address bar by its declaration (lists.ts), the page
 * it asks for, and the ways to change them, which write the address (a reload, a shared link and Back keep them).
 */
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type ListFields, type ListFilter, listFilterParams, readListFilter } from '../list-fields.ts';
import type { AdminListDeclaration } from '../lists.ts';

export function useAdminList<Fields extends ListFields, Item, Data, Key extends QueryKey>(
  list: AdminListDeclaration<Fields, Item, Data, Key>,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readListFilter(list.fields, searchParams);
  const result = useQuery(list.query(filter));
  const headingRef = useRef<HTMLHeadingElement>(null);

  const paramsOf = (next: ListFilter<Fields>) => listFilterParams(list.fields, next);
  const show = (next: ListFilter<Fields>) => setSearchParams(paramsOf(next), { preventScrollReset: true });

  return {
    filter,
    result,
    /** The list's heading, where a new page is read from. */
    headingRef,
    /** Other filters, from the first page. */
    apply: (fields: Omit<ListFilter<Fields>, 'page'>) => show({ ...fields, page: 1 } as ListFilter<Fields>),
    /** The buttons sit below the list: the new page is read from its top, where focus goes (and the view with it). */
    turnTo: (page: number) => {
      show({ ...filter, page });
      headingRef.current?.focus();
    },
    /** The address of this list as filtered, `also` beside it (one row opened in place of the list). */
    href: (also: Record<string, string> = {}) => {
      const params = paramsOf(filter);
      for (const [name, value] of Object.entries(also)) params.set(name, value);
      return `?${params.toString()}`;
    },
    /** The row the address opens in place of the list (`?order=…`), if any. */
    opened: (name: string) => searchParams.get(name)?.trim() || undefined,
  };
}
