/**
 * GET of any of the owner's paged lists (/api/admin/orders, reviews, messages, audit; an admin's bearer token): one
 * page of `{ items, total }`, newest first, asked for with `limit`, `offset` and the list's own filters, held under
 * the logged-in account's query key so it goes with them at logout. What each list asks for is declared in lists.ts.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '#web/lib/api-client.ts';
import { customerQueryKey } from '#web/lib/session.ts';
import type { ListPage } from '../list-page.ts';

/** Every query of one of the owner's kinds of thing (`orders`, `reviews`…) starts here, so a change refreshes them. */
export const adminKey = (kind: string) => [...customerQueryKey, 'admin', kind] as const;

/** What the API is asked beside `limit` and `offset`; a value left undefined is not sent. */
export type ListParams = Record<string, string | boolean | number | undefined>;

export interface PagedList<Item, Filter> {
  /** The kind of thing listed: its query key's name. */
  kind: string;
  path: string;
  schema: z.ZodType<{ items: Item[]; total: number }>;
  /** The API's query for a filter, `limit` and `offset` included. */
  params: (filter: Filter) => ListParams;
}

/** One page, with the filter it answers. */
export async function getAdminList<Item, Filter>(
  list: PagedList<Item, Filter>,
  filter: Filter,
  signal?: AbortSignal,
): Promise<ListPage<Item, Filter>> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(list.params(filter))) {
    if (value !== undefined) params.set(name, String(value));
  }
  const answer = await apiRequest<unknown>(`${list.path}?${params.toString()}`, { signal });
  // Checked here, unlike the storefront's answers: zod costs a shopper nothing in this lazy chunk, and an answer of
  // another shape then shows as a failed load rather than a list of blanks.
  return { ...list.schema.parse(answer), filter };
}

export const adminListQueryOptions = <Item, Filter>(list: PagedList<Item, Filter>, filter: Filter) =>
  queryOptions({
    queryKey: [...adminKey(list.kind), 'list', filter],
    queryFn: ({ signal }) => getAdminList(list, filter, signal),
    // Orders, messages and reviews arrive all day, and every change adds to the audit: each visit asks again,
    // showing what the cache holds meanwhile.
    staleTime: 0,
    // Another page or filter keeps the current list on screen until its own answer arrives.
    placeholderData: keepPreviousData,
  });
