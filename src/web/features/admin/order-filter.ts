/**
 * The owner's order list as the address bar keeps it (`?status=&q=&page=`), so a filtered page can be reloaded,
 * shared and gone back to, and what that asks the API for: 50 orders a page.
 */
import {
  ADMIN_LIST_DEFAULT_LIMIT,
  type AdminOrdersQuery,
  ORDER_STATUSES,
  type OrderStatus,
} from '#shared/schemas/admin';

export const ORDERS_PER_PAGE = ADMIN_LIST_DEFAULT_LIMIT;

/**
 * The API refuses an offset past a billion; a hand-typed page number beyond that is the last page it would take. Every
 * owner's list shows 50 a page (the API's default), so this holds for all of them.
 */
const LAST_PAGE = Math.floor(1_000_000_000 / ORDERS_PER_PAGE) + 1;

export interface OrdersFilter {
  status: OrderStatus | undefined;
  /** Search words as typed, trimmed: an order number, or part of a name or e-mail address. */
  q: string;
  /** From 1. */
  page: number;
}

export const STATUS_LABELS: Record<OrderStatus, string> = {
  processing: 'Processing',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
};

export function parseStatus(value: string | null): OrderStatus | undefined {
  return ORDER_STATUSES.find((status) => status === value);
}

/** The address bar's `page` of an owner's list, from 1: anything else (0, -2, 1.5, 'two') is the first page. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, LAST_PAGE) : 1;
}

/** Anything the address bar holds that is not a filter (an unknown status, page 0) reads as no filter. */
export function readOrdersFilter(params: URLSearchParams): OrdersFilter {
  return {
    status: parseStatus(params.get('status')),
    q: (params.get('q') ?? '').trim(),
    page: readPage(params),
  };
}

/** Only what differs from the first page of every order, so the plain list's address stays /admin. */
export function ordersFilterParams({ status, q, page }: OrdersFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q.trim()) params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  return params;
}

export function ordersQuery({ status, q, page }: OrdersFilter): AdminOrdersQuery {
  return {
    limit: ORDERS_PER_PAGE,
    offset: (page - 1) * ORDERS_PER_PAGE,
    ...(status && { status }),
    ...(q && { q }),
  };
}

export const isFiltered = ({ status, q }: OrdersFilter): boolean => status !== undefined || q !== '';

const count = (value: number) => value.toLocaleString('en-GB');

/** Which orders a page shows, as '1–50 of 120' (an en dash, as UK print writes ranges). */
export function pageRange(offset: number, shown: number, total: number): string {
  if (shown === 0) return `0 of ${count(total)}`;
  if (shown === 1) return `${count(offset + 1)} of ${count(total)}`;
  return `${count(offset + 1)}–${count(offset + shown)} of ${count(total)}`;
}
