/**
 * The owner's Orders screen below its heading: the filters, then one page of orders (lists.ts, `ordersList`), or one
 * order's detail in place of the list when the address names it (`?order=`).
 */
import { ORDER_STATUSES } from '#shared/schemas/admin';
import { useAdminList } from '../hooks/use-admin-list.ts';
import { ordersList } from '../lists.ts';
import { STATUS_LABELS } from '../order-format.ts';
import { AdminList } from './admin-list.tsx';
import { AdminOrderDetailView } from './admin-order-detail.tsx';
import { AdminOrderList } from './admin-order-list.tsx';
import { SearchFilters } from './search-filters.tsx';

/** The address's name for the order shown in detail. */
const ORDER_PARAM = 'order';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

export function AdminOrders() {
  const orders = useAdminList(ordersList);
  const { filter } = orders;
  const openOrderId = orders.opened(ORDER_PARAM);

  // One order open: its detail in place of the list, which Back to orders (or the browser's Back) returns to as it was.
  if (openOrderId) return <AdminOrderDetailView orderId={openOrderId} backHref={orders.href()} />;

  return (
    <AdminList
      list={ordersList}
      state={orders}
      rows={(items) => (
        <AdminOrderList orders={items} orderHref={(orderId) => orders.href({ [ORDER_PARAM]: orderId })} />
      )}
    >
      <SearchFilters
        name="Orders"
        choice={{ label: 'Status', name: 'status', value: filter.status, options: STATUS_OPTIONS, appliesAtOnce: true }}
        words={{ label: 'Search orders', hint: 'Order number, name or e-mail', name: 'q', value: filter.q }}
        submitLabel="Search"
        onChange={({ choice, words }) => orders.apply({ status: choice, q: words })}
      />
    </AdminList>
  );
}
