/**
 * The owner's refund of an order (decision 093): how much, why, for which lines and whether their packs go back in
 * stock, then the question in the page before any money moves. Confirming makes one Idempotency-Key for that refund
 * and sends it again if the same refund is tried again after a failure, so a double tap or a retry never refunds
 * twice. The server's field errors show beside their fields; any other refusal under the question.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatPence, formatPounds } from '#shared/money';
import type { AdminOrderDetail, AdminRefund } from '#shared/schemas/admin';
import type { RefundBody } from '#shared/schemas/refund';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { REFUND_FAILED, type useRefundOrder } from '../api/refund-order.ts';
import { amountLeftPence, failureWhy, packsLeft, refundLinesText } from '../order-format.ts';
import { ConfirmStep } from './confirm-step.tsx';
import { RefundLines } from './order-refund-lines.tsx';
import {
  type ActionResult,
  type OrderFormProps,
  type FormErrors,
  formErrorsFrom,
  initialRefundValues,
  type LineChoice,
  newRefund,
  type RefundField,
  type RefundFormValues,
  refundBodyFrom,
  suggestedAmount,
} from './order-refund-values.ts';
import { ReasonField } from './reason-field.tsx';

const FIELDS: readonly RefundField[] = ['amount', 'reason', 'lines'];

export function OrderRefundForm({
  order,
  refund,
  onDone,
}: OrderFormProps & { refund: ReturnType<typeof useRefundOrder> }) {
  const id = useId();
  const [values, setValues] = useState<RefundFormValues>(() => initialRefundValues(order));
  const [errors, setErrors] = useState<FormErrors<RefundField>>({});
  const [confirming, setConfirming] = useState<RefundBody | null>(null);
  const [failure, setFailure] = useState<string>();
  // The key of the refund last confirmed, kept until it succeeds: trying that same refund again sends it again.
  const sent = useRef<{ body: string; key: string } | null>(null);
  const fields = useRef<Partial<Record<RefundField, HTMLElement | null>>>({});
  // The field to focus once the form shows: its first on opening and on Back, else the first one wrong.
  const [focusField, setFocusField] = useState<{ field: RefundField } | null>({ field: 'amount' });

  useEffect(() => {
    if (focusField && !confirming) fields.current[focusField.field]?.focus();
  }, [focusField, confirming]);

  const showErrors = (found: FormErrors<RefundField>) => {
    setErrors(found);
    setConfirming(null);
    setFocusField({ field: FIELDS.find((field) => found[field]) ?? 'amount' });
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = refundBodyFrom(order, values);
    if ('errors' in checked) return showErrors(checked.errors);
    setErrors({});
    setFailure(undefined);
    setConfirming(checked.body);
  };

  const confirm = () => {
    if (!confirming || refund.isPending) return;
    const body = JSON.stringify(confirming);
    if (sent.current?.body !== body) sent.current = { body, key: crypto.randomUUID() };
    setFailure(undefined);
    const amount = formatPounds(confirming.amount);
    refund.mutate(
      { body: confirming, idempotencyKey: sent.current.key },
      {
        onSuccess: (next) => {
          sent.current = null;
          onDone(refundResult(amount, next, newRefund(order, next)));
        },
        onError: (error) => {
          const found = error instanceof ApiRequestError ? formErrorsFrom(error.errors, FIELDS) : {};
          if (Object.keys(found).length > 0) return showErrors(found);
          setFailure(failureMessage(error, { fallback: REFUND_FAILED, offline: OFFLINE_MESSAGE }));
        },
      },
    );
  };

  if (confirming) {
    const amount = formatPounds(confirming.amount);
    return (
      <ConfirmStep
        question={`Refund ${amount} to the customer's card?`}
        confirmText={`Yes, refund ${amount}`}
        busyText="Refunding…"
        busy={refund.isPending}
        error={failure}
        onConfirm={confirm}
        onBack={() => {
          setConfirming(null);
          setFocusField({ field: 'amount' });
        }}
      >
        <ul className="flex flex-col gap-1 text-stone-800">
          <li className="break-words">Reason: {confirming.reason}</li>
          {confirming.lines && <li>For {refundLinesText(order, confirming.lines)}</li>}
          {confirming.restock && <li>These packs go back in stock.</li>}
        </ul>
      </ConfirmStep>
    );
  }

  const setLines = (lines: LineChoice[]) =>
    setValues((current) => ({ ...current, lines, amount: suggestedAmount(order, lines) }));
  const chooseLine = (index: number, change: Partial<LineChoice>) =>
    setLines(values.lines.map((line, at) => (at === index ? { ...line, ...change } : line)));

  return (
    <form onSubmit={review} noValidate className="flex max-w-2xl flex-col gap-4">
      <TextField
        ref={(element) => {
          fields.current.amount = element;
        }}
        label="Amount (£)"
        hint={`${formatPence(amountLeftPence(order))} is left to refund.`}
        error={errors.amount}
        className="sm:w-72"
        value={values.amount}
        inputMode="decimal"
        autoComplete="off"
        onChange={(event) => setValues({ ...values, amount: event.target.value })}
      />
      <ReasonField
        ref={(element) => {
          fields.current.reason = element;
        }}
        error={errors.reason}
        value={values.reason}
        onChange={(reason) => setValues({ ...values, reason })}
      />
      <RefundLines
        id={id}
        items={order.orderItems}
        packsLeft={packsLeft(order)}
        lines={values.lines}
        restock={values.restock}
        error={errors.lines}
        firstRef={(element) => {
          fields.current.lines = element;
        }}
        onLine={chooseLine}
        onRestock={(restock) => setValues({ ...values, restock })}
      />
      <div>
        <SubmitButton>Continue</SubmitButton>
      </div>
    </form>
  );
}

/** What the refund came to: refunded, waiting for the card provider, or refused by it. */
function refundResult(amount: string, next: AdminOrderDetail, made: AdminRefund | undefined): ActionResult {
  if (made?.status === 'failed') {
    return {
      tone: 'error',
      text: `The refund of ${amount} failed${failureWhy(made)}. You can try it again from the list below.`,
    };
  }
  if (made?.status === 'pending') {
    return {
      tone: 'success',
      text: `Refund of ${amount} for order ${next.orderNumber} sent; the card provider has not confirmed it yet.`,
    };
  }
  return { tone: 'success', text: `${amount} refunded for order ${next.orderNumber}. The buyer has been e-mailed.` };
}
