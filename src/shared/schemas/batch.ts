/**
 * Food traceability (docs/api.md, Batches and recalls; decision 116): stock received as batches with a code and a
 * best-before, the batches each order line took, a batch looked up and recalled. Shared by the server and /admin.
 */
import { z } from 'zod';
import { hasControlCharacter } from '#shared/control-characters';
import { STOCK_MAX } from './admin-product.ts';
import { WEIGHT_LABEL_MAX_LENGTH } from './cart.ts';

export const BATCH_CODE_MAX_LENGTH = 40;
export const RECALL_MESSAGE_MAX_LENGTH = 2000;
/** A best-before further ahead than this is a typing mistake, not a nut. */
export const BEST_BEFORE_MAX_YEARS = 5;

export const batchMessages = {
  code: `Please enter the batch code as printed on the bags: letters, digits, '-', '_' or '.', at most ${BATCH_CODE_MAX_LENGTH}.`,
  weight: 'Please choose the weight the batch is of.',
  unknownWeight: (label: string) => `This product has no ${label} weight.`,
  bestBefore: 'Please enter the best-before date as YYYY-MM-DD.',
  bestBeforePassed: 'This best-before date has passed: a batch past its date cannot be sold.',
  bestBeforeTooFar: `A best-before more than ${BEST_BEFORE_MAX_YEARS} years ahead looks like a typing mistake.`,
  quantity: `Please enter the number of packs received, from 1 to ${STOCK_MAX.toLocaleString('en-GB')}.`,
  codeTaken: (code: string) => `Batch ${code} has been received already: each batch needs its own code.`,
  notFound: 'There is no batch with this code.',
  message: 'Please write the message the customers will read.',
  messageTooLong: `The message must be at most ${RECALL_MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  messageCharacters: 'The message has a character that cannot be shown.',
} as const;

/** Codes are compared as the bags print them, whatever the case typed. */
const BatchCodeSchema = z
  .string({ error: batchMessages.code })
  .trim()
  .min(1, { error: batchMessages.code })
  .max(BATCH_CODE_MAX_LENGTH, { error: batchMessages.code })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: batchMessages.code })
  .transform((code) => code.toUpperCase());

/** A calendar date `YYYY-MM-DD` that exists (no 31 April). */
export const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** `POST /api/admin/products/{id}/batches`. */
export const ReceiveBatchBodySchema = z.strictObject(
  {
    weight: z
      .string({ error: batchMessages.weight })
      .trim()
      .min(1, { error: batchMessages.weight })
      .max(WEIGHT_LABEL_MAX_LENGTH, { error: batchMessages.weight }),
    code: BatchCodeSchema,
    bestBefore: z
      .string({ error: batchMessages.bestBefore })
      .refine(isCalendarDate, { error: batchMessages.bestBefore }),
    quantity: z
      .number({ error: batchMessages.quantity })
      .int({ error: batchMessages.quantity })
      .min(1, { error: batchMessages.quantity })
      .max(STOCK_MAX, { error: batchMessages.quantity }),
  },
  { error: 'Send the batch as { weight, code, bestBefore, quantity }.' },
);
export type ReceiveBatchBody = z.infer<typeof ReceiveBatchBodySchema>;

/** A batch as the owner sees it. */
export const BatchSchema = z.object({
  _id: z.string(),
  code: z.string(),
  /** The product's id. */
  product: z.string(),
  productName: z.string(),
  /** The weight's label. */
  weight: z.string(),
  bestBefore: z.string(),
  /** Packs received. */
  quantity: z.number().int(),
  /** Packs on the shelf and not held by a checkout; the weight's stock is the sum over its batches. */
  remaining: z.number().int(),
  /** Packs taken off sale: past their best-before, or recalled. */
  withdrawn: z.number().int(),
  /** ISO 8601. */
  receivedAt: z.string(),
  /** ISO 8601, when recalled; null otherwise. */
  recalledAt: z.string().nullable(),
  /** True from the day after the best-before (London): the batch is no longer sold. */
  expired: z.boolean(),
});
export type Batch = z.infer<typeof BatchSchema>;

export const BatchListSchema = z.object({ items: z.array(BatchSchema), total: z.number().int() });
export type BatchList = z.infer<typeof BatchListSchema>;

/** `GET /api/admin/batches/{code}`: the batch and every order that received it. */
export const BatchLookupSchema = BatchSchema.extend({
  orders: z.array(
    z.object({
      _id: z.string(),
      orderNumber: z.string(),
      /** Null once the customer's account and its personal data were deleted. */
      email: z.string().nullable(),
      /** Packs of this batch in the order. */
      qty: z.number().int(),
    }),
  ),
  recallMessage: z.string().nullable(),
});
export type BatchLookup = z.infer<typeof BatchLookupSchema>;

export const BatchCodeParamsSchema = z.object({
  code: z
    .string()
    .min(1, { error: batchMessages.notFound })
    .max(BATCH_CODE_MAX_LENGTH, { error: batchMessages.notFound }),
});

/** `POST /api/admin/batches/{code}/recall`. */
export const RecallBodySchema = z.strictObject(
  {
    message: z
      .string({ error: batchMessages.message })
      .trim()
      .min(1, { error: batchMessages.message })
      .max(RECALL_MESSAGE_MAX_LENGTH, { error: batchMessages.messageTooLong })
      .refine((value) => !hasControlCharacter(value, { lineBreaks: 'allowed' }), {
        error: batchMessages.messageCharacters,
      }),
  },
  { error: 'Send the recall as { message }.' },
);
export type RecallBody = z.infer<typeof RecallBodySchema>;

/** How many customers and guests the recall mailed (a repeated recall answers the first one's number). */
export const RecallAnswerSchema = z.object({ mailed: z.number().int() });
export type RecallAnswer = z.infer<typeof RecallAnswerSchema>;

export { type LineBatch, LineBatchSchema } from './order.ts';
