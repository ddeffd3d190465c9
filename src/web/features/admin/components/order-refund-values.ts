/**
 * The refund and cancel forms' values (order-refund-form.tsx, order-cancel-form.tsx): what they start with, the
 * amount they suggest, and the body they send, checked by the same shared schemas the server parses with. Each
 * problem is named by its field, so it shows beside the field, whether this file or the server found it.
 */
import { formatPence, poundsToPence } from '#shared/money';
import type { AdminOrderDetail, AdminRefund } from '#shared/schemas/admin';
import {
  type CancelOrderBody,
  CancelOrderBodySchema,
  type RefundBody,
  RefundBodySchema,
  type RefundLine,
} from '#shared/schemas/refund';
import type { FieldError } from '#web/lib/api-client.ts';
import { amountLeftPence, packsLeft } from '../order-format.ts';

type RefundableOrder = Pick<AdminOrderDetail, 'orderItems' | 'totalPrice' | 'refunds'>;

/** One of the order's lines in the form: ticked or not, and how many of its packs. */
export interface LineChoice {
  chosen: boolean;
  qty: number;
}

export interface RefundFormValues {
  /** As typed, in pounds: "4.19". */
  amount: string;
  reason: string;
  lines: LineChoice[];
  restock: boolean;
}

export type RefundField = 'amount' | 'reason' | 'lines';
export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

/** Pence as the amount field shows it: 419 → "4.19". */
const amountText = (pence: number) => (pence / 100).toFixed(2);

/** A fresh form: all that is left, no line ticked (each at the packs it has left once ticked). */
export function initialRefundValues(order: RefundableOrder): RefundFormValues {
  return {
    amount: amountText(amountLeftPence(order)),
    reason: '',
    lines: packsLeft(order).map((qty) => ({ chosen: false, qty })),
    restock: false,
  };
}

export function chosenLines(lines: LineChoice[]): RefundLine[] {
  return lines.flatMap((line, index) => (line.chosen ? [{ index, qty: line.qty }] : []));
}

/**
 * What the ticked packs cost the shopper: each line after its share of the discount (decision 096), pro-rated by packs
 * and rounded down, as the server counts them, so all of a line's packs come to exactly what the line cost.
 */
export function chosenValuePence(order: Pick<RefundableOrder, 'orderItems'>, chosen: RefundLine[]): number {
  return chosen.reduce((sum, { index, qty }) => {
    const item = order.orderItems[index];
    if (!item) return sum;
    const linePence = poundsToPence(item.price) * item.qty - poundsToPence(item.discount);
    return sum + (qty >= item.qty ? linePence : Math.floor((linePence * qty) / item.qty));
  }, 0);
}

/** The amount to suggest: the ticked packs' worth (never more than is left), or all that is left when none is ticked. */
export function suggestedAmount(order: RefundableOrder, lines: LineChoice[]): string {
  const left = amountLeftPence(order);
  const chosen = chosenLines(lines);
  return amountText(chosen.length === 0 ? left : Math.min(left, chosenValuePence(order, chosen)));
}

/** "4.19", "£4.19", "1,204.50" → pounds; anything else is not a number (NaN), which the schema refuses. */
function parseAmount(text: string): number {
  const digits = text.trim().replace(/^£\s*/, '').replaceAll(',', '');
  return digits === '' ? Number.NaN : Number(digits);
}

/** A field's name as the schema or the server gives it ('lines.0.qty', 'restock') → the form's field. */
function formField<Field extends string>(name: string, fields: readonly Field[]): Field | undefined {
  if (name.startsWith('lines') || name === 'restock') return fields.find((field) => field === 'lines');
  return fields.find((field) => field === name);
}

/** The server's field errors (a 400) on the form's fields: the first for each field. */
export function formErrorsFrom<Field extends string>(
  errors: readonly FieldError[],
  fields: readonly Field[],
): FormErrors<Field> {
  const found: FormErrors<Field> = {};
  for (const error of errors) {
    const field = formField(error.field, fields);
    if (field && !found[field]) found[field] = error.message;
  }
  return found;
}

const REFUND_FIELDS: readonly RefundField[] = ['amount', 'reason', 'lines'];

type Checked<Body, Field extends string> = { body: Body } | { errors: FormErrors<Field> };

/** The refund to send, or what is wrong with the form; never more than `order` has left. */
export function refundBodyFrom(order: RefundableOrder, values: RefundFormValues): Checked<RefundBody, RefundField> {
  const lines = chosenLines(values.lines);
  const parsed = RefundBodySchema.safeParse({
    amount: parseAmount(values.amount),
    reason: values.reason,
    restock: lines.length > 0 && values.restock,
    ...(lines.length > 0 && { lines }),
  });
  const errors = parsed.success
    ? {}
    : formErrorsFrom(
        parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
        REFUND_FIELDS,
      );
  const left = amountLeftPence(order);
  if (parsed.success && poundsToPence(parsed.data.amount) > left) {
    errors.amount = `Only ${formatPence(left)} is left to refund.`;
  }
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data } : { errors };
}

export interface CancelFormValues {
  reason: string;
  restock: boolean;
}

export function cancelBodyFrom(values: CancelFormValues): Checked<CancelOrderBody, 'reason'> {
  const parsed = CancelOrderBodySchema.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  return {
    errors: formErrorsFrom(
      parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
      ['reason'] as const,
    ),
  };
}

/** What a refund, a cancellation or a retry came to, as the screen says it. */
export interface ActionResult {
  tone: 'success' | 'error';
  text: string;
}

/** What the refund and cancel forms are given: the order, and where their outcome goes. */
export interface OrderFormProps {
  order: AdminOrderDetail;
  onDone: (result: ActionResult) => void;
}

/**
 * The refund in `after` that `before` did not hold: the one just made, or the one the first try of the same
 * Idempotency-Key made when its answer was lost.
 */
export function newRefund(
  before: Pick<AdminOrderDetail, 'refunds'>,
  after: Pick<AdminOrderDetail, 'refunds'>,
): AdminRefund | undefined {
  const known = new Set(before.refunds.map((refund) => refund._id));
  return after.refunds.find((refund) => !known.has(refund._id));
}
