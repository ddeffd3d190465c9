/**
 * The owner's order list as the address bar keeps it (`?status=&q=&page=`), so a filtered page can be reloaded,
 * shared and gone back to, and what that asks the API for: 50 orders a page.
 */
import { type AdminOrdersQuery, ORDER_STATUSES, type OrderStatus } from '#shared/schemas/admin';
import { PER_PAGE, pageOffset, readPage, writePage } from './list-page.ts';

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
  return writePage(params, page);
}

export function ordersQuery({ status, q, page }: OrdersFilter): AdminOrdersQuery {
  return {
    limit: PER_PAGE,
    offset: pageOffset(page),
    ...(status && { status }),
    ...(q && { q }),
  };
}

/** Whether a list, the one asked for or the one shown, is narrowed by a status or search words. */
export const isFiltered = ({ status, q }: Pick<AdminOrdersQuery, 'status' | 'q'>): boolean =>
  status !== undefined || Boolean(q);
