/**
 * One page of orders for the owner: number, date, customer, e-mail, total and status. A table from 1024 px; below
 * that, one card per order, so a phone never scrolls sideways. Both are in the page and CSS shows one: no script reads
 * the width, and a phone turned sideways needs nothing redrawn.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { formatPounds } from '#shared/money';
import type { AdminOrder } from '#shared/schemas/admin';
import { formatOrderTime } from '../order-format.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

const LIST_NAME = 'Orders, newest first';

type OrderHref = (orderId: string) => string;

const linkStyle = 'underline underline-offset-4 hover:text-roast-700';

export function AdminOrderList({ orders, orderHref }: { orders: AdminOrder[]; orderHref: OrderHref }) {
  return (
    <>
      <OrderTable orders={orders} orderHref={orderHref} />
      <OrderCards orders={orders} orderHref={orderHref} />
    </>
  );
}

const headerCell = 'px-4 py-3 text-left text-sm font-semibold text-stone-700';
const cell = 'px-4 py-3 align-top';

function OrderTable({ orders, orderHref }: { orders: AdminOrder[]; orderHref: OrderHref }) {
  return (
    <div className="hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-cream-200 lg:block">
      <table className="w-full table-fixed border-collapse text-stone-800">
        <caption className="sr-only">{LIST_NAME}</caption>
        <colgroup>
          <col className="w-32" />
          <col className="w-48" />
          <col />
          <col />
          <col className="w-28" />
          <col className="w-36" />
        </colgroup>
        <thead className="bg-cream-100">
          <tr>
            <th scope="col" className={headerCell}>
              Order
            </th>
            <th scope="col" className={headerCell}>
              Date
            </th>
            <th scope="col" className={headerCell}>
              Customer
            </th>
            <th scope="col" className={headerCell}>
              E-mail
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Total
            </th>
            <th scope="col" className={headerCell}>
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-cream-200">
          {orders.map((order) => (
            <tr key={order._id}>
              <th scope="row" className={`${cell} text-left font-semibold text-roast-900`}>
                <Link to={orderHref(order._id)} className={linkStyle}>
                  {order.orderNumber}
                </Link>
              </th>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
              </td>
              <td className={`${cell} break-words`}>{order.shippingAddress.name}</td>
              <td className={`${cell} break-all`}>{order.email}</td>
              <td className={`${cell} text-right font-semibold tabular-nums`}>{formatPounds(order.totalPrice)}</td>
              <td className={cell}>
                <OrderStatusBadge status={order.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderCards({ orders, orderHref }: { orders: AdminOrder[]; orderHref: OrderHref }) {
  return (
    <ul role="list" aria-label={LIST_NAME} className="flex flex-col gap-3 lg:hidden">
      {orders.map((order) => (
        <li key={order._id}>
          <OrderCard order={order} href={orderHref(order._id)} />
        </li>
      ))}
    </ul>
  );
}

function OrderCard({ order, href }: { order: AdminOrder; href: string }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold text-roast-900">
          <Link to={href} className={linkStyle}>
            {order.orderNumber}
          </Link>
        </h3>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="text-sm text-stone-600">
        <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
      </p>
      <p className="mt-2 font-semibold break-words text-stone-900">{order.shippingAddress.name}</p>
      <p className="text-sm break-all text-stone-700">{order.email}</p>
      <p className="mt-2 font-bold text-stone-900">
        Total <span className="tabular-nums">{formatPounds(order.totalPrice)}</span>
      </p>
    </article>
  );
}
