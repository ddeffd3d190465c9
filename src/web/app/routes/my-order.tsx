/**
 * /my-orders/{id}: one of the customer's orders: where it stands (its steps, tracking, address) and its VAT receipt,
 * with 'Print VAT receipt', which prints the receipt alone on one A4 page. Logged-in customers only; the server
 * answers the shell and the browser asks for the order with the customer's session. A lazy chunk.
 */
import { Link, useParams } from 'react-router';
import { SHOP_NAME } from '#shared/constants';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageContainer, PageHeading } from '#web/components/layout/page-container.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { ORDER_FAILED, useOrder } from '#web/features/orders/api/get-order.ts';
import { OrderProgress } from '#web/features/orders/components/order-progress.tsx';
import { VatReceipt } from '#web/features/orders/components/vat-receipt.tsx';
import { ApiRequestError, failureMessage } from '#web/lib/api-client.ts';
import { RequireCustomer } from '../require-customer.tsx';

export const ORDER_NOT_FOUND_TEXT = 'We could not find this order in your account.';

export default function MyOrderRoute() {
  const { orderId = '' } = useParams();
  return (
    <RequireCustomer>
      <PageContainer>
        <PageMeta
          title={`Your order | ${SHOP_NAME}`}
          description="One of your Roast & Co. orders and its VAT receipt."
        />
        <OrderPage orderId={orderId} />
      </PageContainer>
    </RequireCustomer>
  );
}

function BackToOrders() {
  return (
    <Link to={paths.myOrders.getHref()} className={buttonStyles({ variant: 'secondary' })}>
      Back to My Orders
    </Link>
  );
}

function OrderPage({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  if (order.isPending) return <PageLoading />;
  if (order.isError) {
    if (order.error instanceof ApiRequestError && order.error.status === 404) {
      return (
        <>
          <PageHeading>Order not found</PageHeading>
          <p className="mb-6 text-stone-700">{ORDER_NOT_FOUND_TEXT}</p>
          <BackToOrders />
        </>
      );
    }
    return (
      <LoadError
        message={failureMessage(order.error, { fallback: ORDER_FAILED })}
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
      />
    );
  }
  const detail = order.data;
  return (
    <>
      <div data-print="hide">
        <PageHeading>Order {detail.orderNumber}</PageHeading>
      </div>
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr] print:block">
        <div className="flex flex-col gap-4" data-print="hide">
          <OrderProgress order={detail} />
          <div className="flex flex-wrap gap-3">
            <Button variant="buy" onClick={() => window.print()}>
              Print VAT receipt
            </Button>
            <BackToOrders />
          </div>
        </div>
        <VatReceipt order={detail} />
      </div>
    </>
  );
}
