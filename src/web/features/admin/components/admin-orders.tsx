/**
 * The owner's Orders screen below its heading: the filters, then one page of orders with its loading, error and
 * empty states and Previous/Next. What is shown lives in the address bar (order-filter.ts).
 */
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { ADMIN_ORDERS_FAILED, useAdminOrders } from '../api/get-admin-orders.ts';
import { pageRange } from '../list-page.ts';
import { isFiltered, type OrdersFilter, ordersFilterParams, ordersQuery, readOrdersFilter } from '../order-filter.ts';
import { AdminOrderDetailView } from './admin-order-detail.tsx';
import { AdminOrderList } from './admin-order-list.tsx';
import { ListPager } from './list-pager.tsx';
import { OrderFilters } from './order-filters.tsx';

/** The address's name for the order shown in detail. */
export const ORDER_PARAM = 'order';

export const NO_ORDERS_MATCH = 'No orders match.';
export const NO_ORDERS_YET = 'No orders yet.';

export function AdminOrders() {
  const [searchParams, setSearchParams] = useSearchParams();
  const openOrderId = searchParams.get(ORDER_PARAM);
  const filter = readOrdersFilter(searchParams);
  const orders = useAdminOrders(ordersQuery(filter));
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);

  // The order's detail keeps the list's filters in the address, so Back to orders (or the browser's Back) returns there.
  const orderHref = (orderId: string) => {
    const params = ordersFilterParams(filter);
    params.set(ORDER_PARAM, orderId);
    return `?${params.toString()}`;
  };

  const show = (next: OrdersFilter) => setSearchParams(ordersFilterParams(next), { preventScrollReset: true });

  // The buttons sit below the list: the new page is read from its top, where focus goes (and the view with it).
  const turnTo = (page: number) => {
    show({ ...filter, page });
    resultsHeadingRef.current?.focus();
  };

  const results = () => {
    if (orders.isPending) return <PageLoading />;
    if (orders.isError) {
      return (
        <LoadError
          message={failureMessage(orders.error, { fallback: ADMIN_ORDERS_FAILED, offline: OFFLINE_MESSAGE })}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      );
    }
    // The page shown, which is the last one while another loads: everything below describes its own rows.
    const { items, total, query } = orders.data;
    if (total === 0) {
      return (
        <p className="rounded-2xl bg-white p-8 text-center text-lg text-stone-700 shadow-sm ring-1 ring-cream-200">
          {isFiltered(query) ? NO_ORDERS_MATCH : NO_ORDERS_YET}
        </p>
      );
    }
    const range = pageRange(query.offset, items.length, total);
    return (
      <div className="flex flex-col gap-4">
        <h2 ref={resultsHeadingRef} tabIndex={-1} className="text-lg font-bold text-roast-900 tabular-nums">
          {total === 1 ? '1 order' : `Orders ${range}`}
        </h2>
        {items.length === 0 ? (
          <p className="rounded-2xl bg-white p-8 text-center text-lg text-stone-700 shadow-sm ring-1 ring-cream-200">
            This page is past the last order.
          </p>
        ) : (
          <AdminOrderList orders={items} orderHref={orderHref} />
        )}
        <ListPager label="Pages of orders" list={orders.data} onTurnTo={turnTo} />
      </div>
    );
  };

  // One order open (`?order=`): its detail in place of the list, which Back to orders returns to as it was.
  if (openOrderId) {
    const listParams = ordersFilterParams(filter).toString();
    return <AdminOrderDetailView orderId={openOrderId} backHref={listParams ? `?${listParams}` : '?'} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <OrderFilters
        status={filter.status}
        q={filter.q}
        onChange={({ status, q }) => show({ status, q: q.trim(), page: 1 })}
      />
      {/* While another page or filter loads, the list shown is the last one, marked busy. */}
      <div aria-busy={orders.isPlaceholderData}>{results()}</div>
    </div>
  );
}
