/**
 * Packing (docs/api.md, The owner's API): every order waiting to be dispatched, with what to take off the shelf for
 * all of them, and the body that dispatches several at once. Shared by the server and the /admin packing page.
 */
import { z } from 'zod';
import { ALLERGENS } from '#shared/allergens';
import { AdminOrderSchema, CarrierSchema, TrackingNumberSchema } from './admin.ts';
import { OrderItemSchema } from './order.ts';

/** More orders than a small shop packs in a day; the page lists the oldest first and says when there are more. */
export const PACKING_ORDERS_MAX = 500;
export const DISPATCH_MANY_MAX = 100;

/** A line to pack, with what its label must warn of (the product's allergens as the catalog has them now). */
export const PackingLineSchema = OrderItemSchema.extend({
  allergens: z.array(z.enum(ALLERGENS)),
  mayContain: z.array(z.enum(ALLERGENS)),
});

export const PackingOrderSchema = AdminOrderSchema.extend({ orderItems: z.array(PackingLineSchema) });
export type PackingOrder = z.infer<typeof PackingOrderSchema>;

/** The packs of one product and weight, summed over every order listed. */
export const PickSchema = z.object({
  _id: z.string(),
  name: z.string(),
  selectedWeight: z.string(),
  qty: z.number().int(),
});
export type Pick = z.infer<typeof PickSchema>;

/** `GET /api/admin/packing`: processing orders, oldest first, and the pick list; `total` counts every one waiting. */
export const PackingSchema = z.object({
  orders: z.array(PackingOrderSchema),
  picks: z.array(PickSchema),
  total: z.number().int(),
});
export type Packing = z.infer<typeof PackingSchema>;

/** `POST /api/admin/packing/dispatch`: the orders to mark as dispatched, each with its tracking number if any. */
export const DispatchManyBodySchema = z.strictObject(
  {
    orders: z
      .array(
        z.strictObject(
          {
            id: z
              .string({ error: 'Each order needs its id.' })
              .trim()
              .min(1, { error: 'Each order needs its id.' })
              .max(100),
            trackingNumber: TrackingNumberSchema.optional(),
            carrier: CarrierSchema.optional(),
          },
          { error: 'Send each order as { id, trackingNumber?, carrier? }.' },
        ),
        { error: 'Send the orders as a list.' },
      )
      .min(1, { error: 'Choose at least one order to dispatch.' })
      .max(DISPATCH_MANY_MAX, { error: `Dispatch at most ${DISPATCH_MANY_MAX} orders at once.` })
      .refine((orders) => new Set(orders.map((order) => order.id)).size === orders.length, {
        error: 'Name each order once.',
      }),
  },
  { error: 'Send { orders: [{ id, trackingNumber?, carrier? }] }.' },
);
export type DispatchManyBody = z.infer<typeof DispatchManyBodySchema>;

/** Each order dispatched (and its buyer mailed), and each one refused with why (already dispatched, cancelled, gone). */
export const DispatchManyAnswerSchema = z.object({
  dispatched: z.array(z.object({ _id: z.string(), orderNumber: z.string() })),
  refused: z.array(z.object({ _id: z.string(), message: z.string() })),
});
export type DispatchManyAnswer = z.infer<typeof DispatchManyAnswerSchema>;
