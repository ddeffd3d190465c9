/**
 * /success?session_id=…: where the payment page returns. Verifies the payment, places the order (as the customer,
 * or as a guest with the e-mail the verification gives), clears the cart and the promotion code applied, says so, and after the shop's 3 s goes
 * to the order confirmation. No session id, or a payment that does not verify: /cancel.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_SUCCESS_REDIRECT_MS, SHOP_NAME } from '#shared/constants';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageMeta } from '#web/components/layout/page-meta.tsx';
import { paths, SESSION_ID_PARAM } from '#web/config/paths.ts';
import { verifyPaymentQueryOptions } from '#web/features/orders/api/verify-payment.ts';
import {
  type FinishedCheckout,
  finishCheckoutOnce,
  type FinishStep,
  placeShopperOrder,
} from '#web/features/orders/finish-checkout.ts';
import { myOrdersQueryOptions } from '#web/features/orders/api/get-my-orders.ts';
import { forgetPromoCode } from '#web/features/cart/forget-promo-code.ts';
import { getSession } from '#web/lib/session.ts';
import { useRedirectAfter } from '#web/lib/use-redirect-after.ts';
import { useShopCart } from '../shop-cart.tsx';

type Step = FinishStep | 'done';

const STEP_TEXT: Record<Step, string> = {
  verifying: 'Confirming your payment…',
  placing: 'Placing your order…',
  done: 'Payment successful! Your order is confirmed.',
};

export default function SuccessRoute() {
  const sessionId = (useSearchParams()[0].get(SESSION_ID_PARAM) ?? '').trim();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useShopCart();
  const [step, setStep] = useState<Step>('verifying');

  // The effect below runs once per session id; it clears whatever the cart is by the time the order is placed.
  const latestCart = useRef(cart);
  useLayoutEffect(() => {
    latestCart.current = cart;
  });

  useEffect(() => {
    if (!sessionId) {
      void navigate(paths.cancel.getHref(), { replace: true });
      return;
    }
    let active = true;
    const asGuest = getSession() === null;
    const onPlaced = ({ verified, order }: FinishedCheckout) => {
      // The confirmation page reads the same answer: keep it, with the order as placed.
      queryClient.setQueryData(verifyPaymentQueryOptions(sessionId).queryKey, { ...verified, order });
      if (!asGuest) void queryClient.invalidateQueries({ queryKey: myOrdersQueryOptions().queryKey });
      latestCart.current.change({ type: 'clear' });
      // The code was used by this order; the next cart starts without it.
      forgetPromoCode();
    };
    finishCheckoutOnce(sessionId, {
      asGuest,
      verify: (id) => queryClient.fetchQuery(verifyPaymentQueryOptions(id)),
      place: placeShopperOrder,
      onStep: setStep,
      onPlaced,
    }).then(
      () => {
        if (active) setStep('done');
      },
      () => {
        if (active) void navigate(paths.cancel.getHref(), { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [sessionId, navigate, queryClient]);

  useRedirectAfter({
    active: step === 'done',
    to: paths.orderConfirmation.getHref(sessionId),
    delayMs: PAYMENT_SUCCESS_REDIRECT_MS,
    replace: true,
  });

  return (
    <PageContainer>
      <PageMeta
        title={`Confirming your order | ${SHOP_NAME}`}
        description="Roast & Co. is confirming your payment and placing your order."
      />
      <div className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-roast-900">
          {step === 'done' ? 'Thank you for your order' : 'Finishing your order'}
        </h1>
        <div
          role="status"
          aria-live="polite"
          className="mt-6 flex items-center justify-center gap-3 text-lg text-stone-800"
        >
          {step !== 'done' && (
            <span
              aria-hidden="true"
              className="size-5 animate-spin rounded-full border-2 border-cream-300 border-t-buy"
            />
          )}
          <p>{STEP_TEXT[step]}</p>
        </div>
        {step === 'done' ? (
          <p className="mt-3 text-stone-600">Taking you to your order confirmation…</p>
        ) : (
          <p className="mt-3 text-stone-600">Please keep this page open.</p>
        )}
      </div>
    </PageContainer>
  );
}
