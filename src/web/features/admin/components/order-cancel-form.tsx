/**
 * Cancelling an order still processing (decision 093): why, and whether its packs go back in stock (they do unless
 * the owner says not), then the question in the page, naming the money that goes back. The server refunds all
 * that is left and mails the buyer; its refusal (the order was dispatched meanwhile) shows under the question.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatPence, formatPounds } from '#shared/money';
import type { AdminOrderDetail, AdminRefund } from '#shared/schemas/admin';
import type { CancelOrderBody } from '#shared/schemas/refund';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { ApiRequestError, failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { CANCEL_ORDER_FAILED, type useCancelOrder } from '../api/cancel-order.ts';
import { amountLeftPence, failureWhy } from '../order-format.ts';
import { ConfirmStep } from './confirm-step.tsx';
import {
  type ActionResult,
  type OrderFormProps,
  type CancelFormValues,
  cancelBodyFrom,
  type FormErrors,
  formErrorsFrom,
  newRefund,
} from './order-refund-values.ts';
import { Check } from './product-form-parts.tsx';
import { ReasonField } from './reason-field.tsx';

export function OrderCancelForm({
  order,
  cancel,
  onDone,
}: OrderFormProps & { cancel: ReturnType<typeof useCancelOrder> }) {
  const [values, setValues] = useState<CancelFormValues>({ reason: '', restock: true });
  const [errors, setErrors] = useState<FormErrors<'reason'>>({});
  const [confirming, setConfirming] = useState<CancelOrderBody | null>(null);
  const [failure, setFailure] = useState<string>();
  const reasonRef = useRef<HTMLInputElement>(null);

  // The form's one field, each time the form shows: on opening, on Back, and when the server refused the reason.
  useEffect(() => {
    if (!confirming) reasonRef.current?.focus();
  }, [confirming]);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = cancelBodyFrom(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      reasonRef.current?.focus();
      return;
    }
    setErrors({});
    setFailure(undefined);
    setConfirming(checked.body);
  };

  const confirm = () => {
    if (!confirming || cancel.isPending) return;
    setFailure(undefined);
    cancel.mutate(confirming, {
      onSuccess: (next) => onDone(cancelResult(next, newRefund(order, next))),
      onError: (error) => {
        const found = error instanceof ApiRequestError ? formErrorsFrom(error.errors, ['reason'] as const) : {};
        if (found.reason) {
          setErrors(found);
          setConfirming(null);
          return;
        }
        setFailure(failureMessage(error, { fallback: CANCEL_ORDER_FAILED, offline: OFFLINE_MESSAGE }));
      },
    });
  };

  if (confirming) {
    const left = amountLeftPence(order);
    return (
      <ConfirmStep
        question={
          left > 0
            ? `Cancel order ${order.orderNumber} and refund ${formatPence(left)} to the customer's card?`
            : `Cancel order ${order.orderNumber}?`
        }
        confirmText="Yes, cancel the order"
        busyText="Cancelling…"
        busy={cancel.isPending}
        error={failure}
        onConfirm={confirm}
        onBack={() => setConfirming(null)}
      >
        <ul className="flex flex-col gap-1 text-stone-800">
          <li className="break-words">Reason: {confirming.reason}</li>
          <li>{confirming.restock ? 'The packs go back in stock.' : 'The packs stay out of stock.'}</li>
          <li>The buyer is e-mailed.</li>
        </ul>
      </ConfirmStep>
    );
  }

  return (
    <form onSubmit={review} noValidate className="flex max-w-2xl flex-col gap-4">
      <ReasonField
        ref={reasonRef}
        error={errors.reason}
        value={values.reason}
        onChange={(reason) => setValues({ ...values, reason })}
      />
      <Check
        label="Put the packs back in stock"
        checked={values.restock}
        onChange={(event) => setValues({ ...values, restock: event.target.checked })}
      />
      <div>
        <SubmitButton>Continue</SubmitButton>
      </div>
    </form>
  );
}

/** What the cancellation came to, with the refund it made, if any was left to make. */
function cancelResult(next: AdminOrderDetail, made: AdminRefund | undefined): ActionResult {
  const cancelled = `Order ${next.orderNumber} cancelled`;
  if (!made) return { tone: 'success', text: `${cancelled}. The buyer has been e-mailed.` };
  const amount = formatPounds(made.amount);
  if (made.status === 'failed') {
    return {
      tone: 'error',
      text: `${cancelled}, but the refund of ${amount} failed${failureWhy(made)}. You can try it again from the list below.`,
    };
  }
  if (made.status === 'pending') {
    return {
      tone: 'success',
      text: `${cancelled}. The refund of ${amount} is sent; the card provider has not confirmed it yet.`,
    };
  }
  return { tone: 'success', text: `${cancelled} and ${amount} refunded. The buyer has been e-mailed.` };
}
