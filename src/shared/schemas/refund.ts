/**
 * Money after the sale (docs/api.md, Refunds and cancellations): an order's refunds as the API shows them, and what
 * the owner sends to refund or cancel. Amounts are pounds on the wire; the server keeps pence and decides what is
 * left to refund.
 */
import { z } from 'zod';
import { hasControlCharacter } from '#shared/control-characters';

export const ORDER_STATUSES = ['processing', 'dispatched', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_REASON_MAX_LENGTH = 500;
/** More than any order's total; the server refuses anything above what is left of the order. */
export const REFUND_AMOUNT_MAX = 1_000_000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** One line a refund was for: its position in the order's `orderItems` and how many packs. */
export const RefundLineSchema = z.object({
  index: z.number().int(),
  qty: z.number().int(),
});
export type RefundLine = z.infer<typeof RefundLineSchema>;

/** A refund of an order; `failureReason` says why a failed one failed. */
export const RefundSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  reason: z.string(),
  restock: z.boolean(),
  lines: z.array(RefundLineSchema).optional(),
  status: z.enum(REFUND_STATUSES),
  failureReason: z.string().optional(),
  /** ISO 8601: when it was asked for. */
  createdAt: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

const ReasonSchema = z
  .string({ error: 'Please give a reason.' })
  .trim()
  .min(1, { error: 'Please give a reason.' })
  .max(REFUND_REASON_MAX_LENGTH, { error: `The reason must be at most ${REFUND_REASON_MAX_LENGTH} characters.` })
  .refine((value) => !hasControlCharacter(value), { error: 'Please write the reason on one line.' });

const amountMessage = 'Please enter the amount to refund in pounds, at least £0.01.';

const RefundLinesSchema = z
  .array(
    z.strictObject(
      {
        index: z
          .number({ error: 'Each line needs the index of the order line.' })
          .int({ error: 'A line index is a whole number.' })
          .min(0, { error: 'A line index is 0 or more.' })
          .max(999, { error: 'There is no such line in this order.' }),
        qty: z
          .number({ error: 'Each line needs a quantity.' })
          .int({ error: 'A quantity is a whole number.' })
          .min(1, { error: 'A quantity is at least 1.' })
          .max(99, { error: 'A quantity is at most 99.' }),
      },
      { error: 'Send each line as { index, qty }.' },
    ),
    { error: 'Send the lines as a list of { index, qty }.' },
  )
  .min(1, { error: 'Choose at least one line, or leave lines out.' })
  .max(100, { error: 'An order has at most 100 lines.' })
  .refine((lines) => new Set(lines.map((line) => line.index)).size === lines.length, {
    error: 'Name each line once.',
  });

/**
 * `POST /api/admin/orders/{id}/refunds`: `amount` pounds for `reason`; `lines` say which packs it was for, and
 * `restock` puts those packs back into counted stock.
 */
export const RefundBodySchema = z
  .strictObject(
    {
      amount: z
        .number({ error: amountMessage })
        .min(0.01, { error: amountMessage })
        .max(REFUND_AMOUNT_MAX, { error: amountMessage })
        .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
          error: 'Please enter the amount in pounds and pence, e.g. 4.50.',
        }),
      reason: ReasonSchema,
      restock: z.boolean({ error: 'restock must be true or false.' }).default(false),
      lines: RefundLinesSchema.optional(),
    },
    { error: 'Send { amount, reason, restock?, lines? }.' },
  )
  .refine((body) => !body.restock || body.lines !== undefined, {
    error: 'Choose the lines to put back in stock.',
    path: ['lines'],
  });
export type RefundBody = z.infer<typeof RefundBodySchema>;
export type RefundInput = z.input<typeof RefundBodySchema>;

/** `POST /api/admin/orders/{id}/cancel`: why, and whether the packs go back into stock (they do unless told not to). */
export const CancelOrderBodySchema = z.strictObject(
  {
    reason: ReasonSchema,
    restock: z.boolean({ error: 'restock must be true or false.' }).default(true),
  },
  { error: 'Send { reason, restock? }.' },
);
export type CancelOrderBody = z.infer<typeof CancelOrderBodySchema>;
export type CancelOrderInput = z.input<typeof CancelOrderBodySchema>;

/** An `Idempotency-Key` header: the same key on a retried call answers the refund it made, never a second one. */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, { error: 'The Idempotency-Key header must not be empty.' })
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, {
      error: `The Idempotency-Key header must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`,
    })
    .optional(),
});

export const RefundIdParamsSchema = z.object({
  id: z.string().min(1, { error: 'Order not found.' }).max(64, { error: 'Order not found.' }),
  refundId: z.string().min(1, { error: 'Refund not found.' }).max(64, { error: 'Refund not found.' }),
});
