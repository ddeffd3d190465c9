/**
 * The owner's API (contract §7): list paging and the order list's filters, shared by the server and the /admin
 * screens. Every list answers `{ items, total }`, newest first.
 */
import { z } from 'zod';
import { OrderSchema } from './order.ts';

export const ADMIN_LIST_DEFAULT_LIMIT = 50;
export const ADMIN_LIST_MAX_LIMIT = 200;
/** Longer than any order number, name or e-mail address searched for. */
export const ADMIN_SEARCH_MAX_LENGTH = 254;

export const ORDER_STATUSES = ['processing', 'dispatched', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number.` })
    .int({ error: `${name} must be a whole number.` })
    .min(min, { error: `${name} must be at least ${min}.` })
    .max(max, { error: `${name} must be at most ${max}.` });

export const AdminPageQuerySchema = z.object({
  limit: whole('limit', 1, ADMIN_LIST_MAX_LIMIT).default(ADMIN_LIST_DEFAULT_LIMIT),
  offset: whole('offset', 0, 1_000_000_000).default(0),
});

export const AdminOrdersQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum(ORDER_STATUSES, { error: 'status must be processing, dispatched or delivered.' }).optional(),
  q: z
    .string({ error: 'q must be text.' })
    .trim()
    .max(ADMIN_SEARCH_MAX_LENGTH, { error: `q must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters.` })
    .optional(),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/** An order as the owner sees it: the customer's shape, with where it stands and the buyer's address for mail. */
export const AdminOrderSchema = OrderSchema.extend({
  status: z.enum(ORDER_STATUSES),
  email: z.string(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderListSchema = z.object({ items: z.array(AdminOrderSchema), total: z.number().int() });
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;
