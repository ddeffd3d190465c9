/**
 * An order's money after the sale, on the owner's order screen (decision 093): what has been refunded and what is
 * left, 'Refund' and (while the order is processing) 'Cancel order', each opening its form in place, what the last of
 * them came to, and every refund with its status in words, who asked for it and when; a failed one offers
 * 'Try again'. The result of each is read out and takes focus, as the button that led to it may be gone.
 */
import { useId, useState } from 'react';
import { formatPence, formatPounds, poundsToPence } from '#shared/money';
import type { AdminOrderDetail, AdminRefund } from '#shared/schemas/admin';
import { Button } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useRefundOrder } from '../api/refund-order.ts';
import { RETRY_REFUND_FAILED, useRetryRefund } from '../api/retry-refund.ts';
import { amountLeftPence, failureWhy, formatOrderTime, refundLinesText, refundStatusText } from '../order-format.ts';
import { useIsOwner } from '../role.ts';
import { OrderCancelForm } from './order-cancel-form.tsx';
import { OrderRefundForm } from './order-refund-form.tsx';
import type { ActionResult } from './order-refund-values.ts';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200';

const statusTones: Record<AdminRefund['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  succeeded: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-50 text-offer',
};

type OpenForm = 'refund' | 'cancel' | null;

export function OrderRefunds({ order }: { order: AdminOrderDetail }) {
  const refund = useRefundOrder(order._id);
  const cancel = useCancelOrder(order._id);
  const retry = useRetryRefund(order._id);
  const [open, setOpen] = useState<OpenForm>(null);
  const [result, setResult] = useState<ActionResult | null>(null);
  const headingId = useId();
  const formId = useId();
  const busy = refund.isPending || cancel.isPending || retry.isPending;
  const left = amountLeftPence(order);
  // Money given back is the owner's to decide (decision 097): staff see the refunds, not the forms.
  const owner = useIsOwner();
  const canRefund = owner && left > 0;
  const canCancel = owner && order.status === 'processing';

  const toggle = (form: Exclude<OpenForm, null>) => {
    setResult(null);
    setOpen(open === form ? null : form);
  };

  const toggleButton = (form: Exclude<OpenForm, null>, text: string) => (
    <Button
      variant={open === form ? 'primary' : 'secondary'}
      aria-expanded={open === form}
      aria-controls={open === form ? formId : undefined}
      disabled={busy}
      onClick={() => toggle(form)}
    >
      {text}
    </Button>
  );

  const done = (next: ActionResult) => {
    setOpen(null);
    setResult(next);
  };

  const tryAgain = (failed: AdminRefund) => {
    setResult(null);
    const amount = formatPounds(failed.amount);
    retry.mutate(failed._id, {
      onSuccess: (next) =>
        done(
          retryResult(
            amount,
            next.refunds.find((one) => one._id === failed._id),
          ),
        ),
      onError: (error) =>
        done({
          tone: 'error',
          text: failureMessage(error, { fallback: RETRY_REFUND_FAILED, offline: OFFLINE_MESSAGE }),
        }),
    });
  };

  return (
    <section aria-labelledby={headingId} className={`${card} flex min-w-0 flex-col gap-4`}>
      <h3 id={headingId} className="text-lg font-bold text-roast-900">
        Refunds
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-800">
        <dt className="font-semibold">Refunded</dt>
        <dd className="tabular-nums">{formatPounds(order.refundedTotal)}</dd>
        <dt className="font-semibold">Left to refund</dt>
        <dd className="tabular-nums">{formatPence(left)}</dd>
      </dl>

      {(canRefund || canCancel) && (
        <div className="flex flex-wrap gap-3">
          {canRefund && toggleButton('refund', 'Refund')}
          {canCancel && toggleButton('cancel', 'Cancel order')}
        </div>
      )}
      {/* The button's aria-controls names this, whichever step of its form is showing. */}
      <div id={formId} hidden={!open}>
        {open === 'refund' && canRefund && <OrderRefundForm order={order} refund={refund} onDone={done} />}
        {open === 'cancel' && canCancel && <OrderCancelForm order={order} cancel={cancel} onDone={done} />}
      </div>
      <FormMessage tone={result?.tone ?? 'success'} focusOnShow>
        {result?.text}
      </FormMessage>

      {order.refunds.length === 0 ? (
        <p className="text-stone-700">No refunds yet.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-cream-200">
          {order.refunds.map((one) => (
            <RefundItem
              key={one._id}
              order={order}
              refund={one}
              retryable={owner && poundsToPence(one.amount) <= left}
              retrying={retry.isPending && retry.variables === one._id}
              disabled={busy}
              onRetry={() => tryAgain(one)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function RefundItem({
  order,
  refund,
  retryable,
  retrying,
  disabled,
  onRetry,
}: {
  order: AdminOrderDetail;
  refund: AdminRefund;
  /** Its money is still left to refund: the server refuses to try it again otherwise. */
  retryable: boolean;
  retrying: boolean;
  disabled: boolean;
  onRetry: () => void;
}) {
  const amount = formatPounds(refund.amount);
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-lg font-bold text-stone-900 tabular-nums">{amount}</span>{' '}
        <span className={`rounded-lg px-2.5 py-0.5 text-sm font-semibold break-words ${statusTones[refund.status]}`}>
          {refundStatusText(refund)}
        </span>
      </p>
      <p className="break-words text-stone-800">{refund.reason}</p>
      {refund.lines && <p className="text-sm text-stone-700">For {refundLinesText(order, refund.lines)}</p>}
      {refund.restock && <p className="text-sm text-stone-700">Packs put back in stock</p>}
      <p className="text-sm text-stone-600">
        <time dateTime={refund.createdAt}>{formatOrderTime(refund.createdAt)}</time>{' '}
        <span className="block break-all">by {refund.by}</span>
      </p>
      {refund.status === 'failed' && !retryable && poundsToPence(refund.amount) > amountLeftPence(order) && (
        <p className="text-sm text-stone-700">Its money is no longer left to refund.</p>
      )}
      {refund.status === 'failed' && retryable && (
        <div className="mt-1">
          <Button variant="secondary" size="md" disabled={disabled} aria-busy={retrying || undefined} onClick={onRetry}>
            {retrying ? 'Trying again…' : 'Try again'}
            <span className="sr-only"> the refund of {amount}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/** What trying a failed refund again came to. */
function retryResult(amount: string, tried: AdminRefund | undefined): ActionResult {
  if (tried?.status === 'failed') {
    return { tone: 'error', text: `The refund of ${amount} failed again${failureWhy(tried)}.` };
  }
  if (tried?.status === 'pending') {
    return {
      tone: 'success',
      text: `The refund of ${amount} is sent again; the card provider has not confirmed it yet.`,
    };
  }
  return { tone: 'success', text: `${amount} refunded. The buyer has been e-mailed.` };
}
