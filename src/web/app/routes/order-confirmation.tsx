/**
 * /order-confirmation?session_id=…: the order just paid for, read through the payment verification (idempotent,
 * and already cached when /success led here). Without a session id, or when it cannot be read, a message and the
 * way on. A lazy chunk.
 */
import { Link, useSearchParams } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { SHOP_NAME } from '#shared/constants';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { paths, SESSION_ID_PARAM } from '#web/config/paths.ts';
import { useVerifiedPayment } from '#web/features/orders/api/verify-payment.ts';
import { OrderReceipt } from '#web/features/orders/components/order-receipt.tsx';
import { failureMessage } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';

const NOT_FOUND = 'We could not find this order.';
/** Reached without an order (a bookmark, Back, a typed address): said plainly, with the way to the orders. */
const NO_ORDER = 'There is no order to show here.';

export default function OrderConfirmationRoute() {
  const sessionId = (useSearchParams()[0].get(SESSION_ID_PARAM) ?? '').trim();
  const query = useVerifiedPayment(sessionId);
  const session = useSession();

  if (sessionId && query.isPending) return <PageLoading />;
  if (!sessionId) return <NoOrder message={NO_ORDER} showMyOrders />;
  if (query.isError || !query.data) return <NoOrder message={failureMessage(query.error, { fallback: NOT_FOUND })} />;

  const { order, guestEmail } = query.data;
  // A guest's confirmation goes to the e-mail given at checkout; a customer's to their account's address.
  const confirmationEmail = guestEmail ?? order.guestEmail ?? session?.user.email;
  return (
    <PageContainer>
      <PageMeta
        title={`Order confirmed | ${SHOP_NAME}`}
        description="Your Roast & Co. order is confirmed: its number, what you bought and where it is going."
      />
      <div className="mb-8 flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-1 size-8 shrink-0 text-buy" />
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-roast-900 sm:text-4xl">Order confirmed</h1>
          <p className="mt-2 text-stone-700">
            Thank you for your order. Your order number is{' '}
            <strong className="text-stone-900">{order.orderNumber}</strong>.
          </p>
        </div>
      </div>
      <OrderReceipt order={order} confirmationEmail={confirmationEmail} />
      <MoreLinks />
    </PageContainer>
  );
}

function NoOrder({ message, showMyOrders = false }: { message: string; showMyOrders?: boolean }) {
  return (
    <PageContainer>
      <PageMeta
        title={`Order confirmation | ${SHOP_NAME}`}
        description="The confirmation of a Roast & Co. order, shown just after it is paid for."
      />
      <div className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-roast-900">Order confirmation</h1>
        <p role="alert" className="mt-4 text-lg text-stone-800">
          {message}
        </p>
        {showMyOrders ? (
          <>
            <p className="mt-3 text-stone-700">
              The orders you have placed with your account are in My Orders; a guest order's confirmation is in the
              e-mail we sent when it was paid for.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to={paths.myOrders.getHref()} className={buttonStyles({ variant: 'secondary' })}>
                My Orders
              </Link>
              <Link to={paths.home.getHref()} className={buttonStyles({ variant: 'buy' })}>
                Continue shopping
              </Link>
            </div>
          </>
        ) : (
          <MoreLinks />
        )}
      </div>
    </PageContainer>
  );
}

function MoreLinks() {
  const session = useSession();
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      {session && (
        <Link to={paths.myOrders.getHref()} className={buttonStyles({ variant: 'secondary' })}>
          See my orders
        </Link>
      )}
      <Link to={paths.home.getHref()} className={buttonStyles({ variant: 'buy' })}>
        Continue shopping
      </Link>
    </div>
  );
}
