/**
 * What the owner's lists share: 50 rows a page (the API's default), the page as the address bar keeps it, and one
 * page of rows together with the filter that asked for it.
 */
import { ADMIN_LIST_DEFAULT_LIMIT } from '#shared/schemas/admin';

export const PER_PAGE = ADMIN_LIST_DEFAULT_LIMIT;

/** The API refuses an offset past a billion; a hand-typed page number beyond that is the last page it would take. */
const LAST_PAGE = Math.floor(1_000_000_000 / PER_PAGE) + 1;

/**
 * One page of a list as the API answered it, with the filter it answers. While another page or filter loads, the
 * rows on screen are still this page's (`keepPreviousData`), so what describes them (the heading's range, the pager,
 * an empty list's words) reads this filter, never the one the address now asks for.
 */
export interface ListPage<Item, Filter> {
  items: Item[];
  total: number;
  filter: Filter;
}

/** The address bar's `page` of an owner's list, from 1: anything else (0, -2, 1.5, 'two') is the first page. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, LAST_PAGE) : 1;
}

/** The `page` of an address, written only past the first, so a list's first page keeps its plain address. */
export function writePage(params: URLSearchParams, page: number): URLSearchParams {
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Where a page starts, as the API counts (from 0). */
export const pageOffset = (page: number): number => (page - 1) * PER_PAGE;

/** Which page (from 1) an answer asked for at `offset` is. */
export const pageAt = (offset: number): number => Math.floor(offset / PER_PAGE) + 1;

/** The page before `page`; from a page past the end (an old link), the last page there is. */
export const previousPage = (page: number, total: number): number =>
  Math.max(1, Math.min(page - 1, Math.ceil(total / PER_PAGE)));

const count = (value: number) => value.toLocaleString('en-GB');

/** Which rows a page shows, as '1–50 of 120' (an en dash, as UK print writes ranges). */
export function pageRange(offset: number, shown: number, total: number): string {
  if (shown === 0) return `0 of ${count(total)}`;
  if (shown === 1) return `${count(offset + 1)} of ${count(total)}`;
  return `${count(offset + 1)}–${count(offset + shown)} of ${count(total)}`;
}
