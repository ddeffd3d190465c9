/**
 * /my-orders: the customer's orders, newest first, each with its status, a link to its own page (with its VAT
 * receipt) and a 'Buy again' that puts its lines back in the cart at today's prices, then opens the cart. Logged-in customers only; a lazy chunk.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { SHOP_NAME } from '#shared/constants';
import type { Order } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { paths } from '#web/config/paths.ts';
import { buyAgain } from '#web/features/cart/buy-again.ts';
import { productsByIdsQueryOptions } from '#web/features/catalog/api/get-products.ts';
import { ORDERS_FAILED, ORDERS_OFFLINE, useMyOrders } from '#web/features/orders/api/get-my-orders.ts';
import { OrderCard } from '#web/features/orders/components/order-card.tsx';
import { failureMessage } from '#web/lib/api-client.ts';
import type { CartNoticeState } from './cart.tsx';
import { RequireCustomer } from '../require-customer.tsx';
import { useShopCart } from '../shop-cart.tsx';

export const NO_ORDERS_TEXT = "You haven't placed any orders yet.";
const PRICES_FAILED = 'We could not load today’s prices, so nothing was added. Please try again.';

export default function MyOrdersRoute() {
  return (
    <RequireCustomer>
      <PageContainer>
        <PageMeta
          title={`My Orders | ${SHOP_NAME}`}
          description="Your Roast & Co. orders, newest first, with what was in each and a quick way to buy it again."
        />
        <PageHeading>My Orders</PageHeading>
        <OrderHistory />
      </PageContainer>
    </RequireCustomer>
  );
}

function OrderHistory() {
  const orders = useMyOrders();
  const cart = useShopCart();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busyOrderId, setBusyOrderId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const buyOrderAgain = async (order: Order) => {
    setProblem(null);
    setBusyOrderId(order._id);
    let products: Product[];
    try {
      // Priced with today's prices of the order's own products, asked for alone.
      products = await queryClient.ensureQueryData(productsByIdsQueryOptions(order.orderItems.map((item) => item._id)));
    } catch {
      setProblem(PRICES_FAILED);
      setBusyOrderId(null);
      return;
    }
    const { notice, inCart } = buyAgain(cart, order.orderItems, products);
    if (!inCart) {
      setProblem(notice);
      setBusyOrderId(null);
      return;
    }
    const state: CartNoticeState | undefined = notice ? { notice } : undefined;
    void navigate(paths.cart.getHref(), { state });
  };

  if (orders.isPending) return <PageLoading />;
  if (orders.isError) {
    return (
      <LoadError
        message={failureMessage(orders.error, { fallback: ORDERS_FAILED, offline: ORDERS_OFFLINE })}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  }
  if (orders.data.length === 0) {
    return (
      <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-cream-200">
        <p className="text-lg text-stone-700">{NO_ORDERS_TEXT}</p>
        <Link to={paths.products.getHref()} className={buttonStyles({ variant: 'buy', className: 'mt-6' })}>
          Browse our products
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <FormMessage tone="error">{problem}</FormMessage>
      <ul role="list" aria-label="Your orders, newest first" className="flex flex-col gap-6">
        {orders.data.map((order) => (
          <li key={order._id}>
            <OrderCard
              order={order}
              actions={
                <div className="flex flex-wrap gap-3">
                  <Link to={paths.myOrder.getHref(order._id)} className={buttonStyles({ variant: 'secondary' })}>
                    View order and VAT receipt
                    <span className="sr-only">: order {order.orderNumber}</span>
                  </Link>
                  <Button variant="buy" disabled={busyOrderId !== null} onClick={() => void buyOrderAgain(order)}>
                    {busyOrderId === order._id ? 'Adding…' : 'Buy again'}
                    <span className="sr-only">: order {order.orderNumber}</span>
                  </Button>
                </div>
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
