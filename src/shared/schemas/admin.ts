/**
 * The owner's API (docs/api.md, The owner's API): list paging and the order list's filters, shared by the server and the /admin
 * screens. Every list answers `{ items, total }`, newest first.
 */
import { z } from 'zod';
import { CARRIERS } from '#shared/carriers';
import { hasControlCharacter } from '#shared/control-characters';
import { OrderSchema } from './order.ts';
import { ORDER_STATUSES, RefundSchema } from './refund.ts';
import { ReviewSchema } from './review.ts';

export const ADMIN_LIST_DEFAULT_LIMIT = 50;
export const ADMIN_LIST_MAX_LIMIT = 200;
/** Longer than any order number, name or e-mail address searched for. */
export const ADMIN_SEARCH_MAX_LENGTH = 254;

export { ORDER_STATUSES, type OrderStatus } from './refund.ts';

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
  status: z
    .enum(ORDER_STATUSES, { error: 'status must be processing, dispatched, delivered or cancelled.' })
    .optional(),
  q: z
    .string({ error: 'q must be text.' })
    .trim()
    .max(ADMIN_SEARCH_MAX_LENGTH, { error: `q must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters.` })
    .optional(),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

/** An order as the owner sees it: the customer's shape, with where it stands and the buyer's address for mail. */
export const AdminOrderSchema = OrderSchema.extend({
  email: z.string(),
  trackingNumber: z.string().optional(),
  carrier: z.enum(CARRIERS).optional(),
  dispatchedAt: z.string().optional(),
  deliveredAt: z.string().optional(),
  cancelledAt: z.string().optional(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderListSchema = z.object({ items: z.array(AdminOrderSchema), total: z.number().int() });
export type AdminOrderList = z.infer<typeof AdminOrderListSchema>;

/** One move in an order's history: to which status, when, by which admin. */
export const OrderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  by: z.string(),
  trackingNumber: z.string().optional(),
});

/** A refund as the owner sees it: who asked for it (an admin's e-mail, or 'Stripe' for one made in Stripe's dashboard). */
export const AdminRefundSchema = RefundSchema.extend({ by: z.string(), succeededAt: z.string().optional() });
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  history: z.array(OrderStatusChangeSchema),
  refunds: z.array(AdminRefundSchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const TRACKING_NUMBER_MAX_LENGTH = 100;

export const TrackingNumberSchema = z
  .string({ error: 'The tracking number must be text.' })
  .trim()
  .max(TRACKING_NUMBER_MAX_LENGTH, {
    error: `The tracking number must be at most ${TRACKING_NUMBER_MAX_LENGTH} characters.`,
  })
  .refine((value) => !hasControlCharacter(value), { error: 'Please enter the tracking number on one line.' })
  // An empty field means none was given.
  .transform((value) => value || undefined);

/** Who carries a parcel (decision 113): one of the carriers whose tracking pages the shop links to. */
export const CarrierSchema = z.enum(CARRIERS, {
  error: `carrier must be one of ${CARRIERS.join(', ')}.`,
});

/**
 * Moving an order on (docs/api.md, The owner's API): `{ status, trackingNumber?, carrier? }`, or `{ isDelivered: true }` as the shopper's API
 * names delivery. Only forward: processing → dispatched → delivered (a parcel collected by hand may skip dispatch).
 */
export const MoveOrderBodySchema = z.union(
  [
    z.strictObject({
      status: z.enum(['dispatched', 'delivered'], { error: 'status must be dispatched or delivered.' }),
      trackingNumber: TrackingNumberSchema.optional(),
      carrier: CarrierSchema.optional(),
    }),
    z
      .strictObject({ isDelivered: z.literal(true, { error: 'isDelivered can only be true.' }) })
      .transform(() => ({ status: 'delivered' as const, trackingNumber: undefined, carrier: undefined })),
  ],
  { error: 'Send { status: "dispatched" | "delivered", trackingNumber?, carrier? } or { isDelivered: true }.' },
);
export type MoveOrderBody = z.infer<typeof MoveOrderBodySchema>;

export const OrderIdParamsSchema = z.object({
  id: z.string().min(1, { error: 'Order not found.' }).max(64, { error: 'Order not found.' }),
});

/**
 * Every change the audit records, `<thing>.<what happened>`. The server's records are typed by this list and the
 * owner's Audit screen offers it as a filter, so a new kind of change is added here first.
 */
export const AUDIT_ACTIONS = [
  'order.dispatched',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'order.refund-retried',
  'review.hidden',
  'review.shown',
  'review.deleted',
  'review-settings.updated',
  'message.read',
  'message.new',
  'message.answered',
  'product.created',
  'product.updated',
  'product.hidden',
  'product.shown',
  'batch.received',
  'batch.recalled',
  'batch.recall-mailed',
  'delivery.updated',
  'promotion.created',
  'promotion.switched-off',
  'promotion.switched-on',
  'staff.invited',
  'staff.joined',
  'staff.removed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** An admin change as the audit shows it. */
export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z.object({ _id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListSchema = z.object({ items: z.array(AuditEntrySchema), total: z.number().int() });

export const AuditQuerySchema = AdminPageQuerySchema.extend({
  action: z
    .string({ error: 'action must be text.' })
    .trim()
    .max(100, { error: 'action must be at most 100 characters.' })
    .optional(),
  target: z
    .string({ error: 'target must be text.' })
    .trim()
    .max(200, { error: 'target must be at most 200 characters.' })
    .optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** A review as the owner sees it: the public shape, whether the shop hides it, and the reviewed product's name. */
export const AdminReviewSchema = ReviewSchema.extend({ hidden: z.boolean(), productName: z.string().optional() });
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewListSchema = z.object({ items: z.array(AdminReviewSchema), total: z.number().int() });

/** What a review is about: the shop as a whole, or one of its products. */
export const REVIEW_SUBJECTS = ['shop', 'products'] as const;
export type ReviewSubject = (typeof REVIEW_SUBJECTS)[number];

export const AdminReviewsQuerySchema = AdminPageQuerySchema.extend({
  hidden: z.enum(['true', 'false'], { error: 'hidden must be true or false.' }).optional(),
  /** Only the reviews of the shop, or only those of products. */
  about: z.enum(REVIEW_SUBJECTS, { error: 'about must be shop or products.' }).optional(),
  /** Only the reviews of this product. */
  productId: z
    .string({ error: 'productId must be a product id.' })
    .max(80, { error: 'productId must be a product id.' })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'productId must be a product id.' })
    .optional(),
});

export const HideReviewBodySchema = z.strictObject(
  { hidden: z.boolean({ error: 'hidden must be true or false.' }) },
  { error: 'Send { hidden: true } or { hidden: false }.' },
);

export const ReviewIdParamsSchema = z.object({
  id: z.string().min(1, { error: 'Review not found.' }).max(64, { error: 'Review not found.' }),
});

export const MESSAGE_STATUSES = ['new', 'read', 'answered'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const REPLY_MAX_LENGTH = 5000;

/** A contact message as the owner sees it. */
export const AdminMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().optional(),
  message: z.string(),
  createdAt: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  reply: z.string().optional(),
  answeredAt: z.string().optional(),
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;

export const AdminMessageListSchema = z.object({ items: z.array(AdminMessageSchema), total: z.number().int() });

export const AdminMessagesQuerySchema = AdminPageQuerySchema.extend({
  status: z.enum(MESSAGE_STATUSES, { error: 'status must be new, read or answered.' }).optional(),
});

export const MessageStatusBodySchema = z.strictObject(
  { status: z.enum(MESSAGE_STATUSES, { error: 'status must be new, read or answered.' }) },
  { error: 'Send { status: "new" | "read" | "answered" }.' },
);

export const ReplyBodySchema = z.strictObject(
  {
    message: z
      .string({ error: 'Please write your reply.' })
      .trim()
      .min(1, { error: 'Please write your reply.' })
      .max(REPLY_MAX_LENGTH, { error: `Your reply must be at most ${REPLY_MAX_LENGTH} characters.` }),
  },
  { error: 'Send { message } with your reply.' },
);

export const MessageIdParamsSchema = z.object({
  id: z.string().min(1, { error: 'Message not found.' }).max(64, { error: 'Message not found.' }),
});

export const isoDay = (name: string) =>
  z
    .string({ error: `${name} must be a date, YYYY-MM-DD.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a date, YYYY-MM-DD.` })
    .refine(
      (value) =>
        // No year 0: JavaScript's calendar has one, PostgreSQL's (and the books') goes from 1 BC to AD 1.
        !value.startsWith('0000') &&
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      {
        error: `${name} must be a real date.`,
      },
    );

/** The days of the books' CSV, both included, as the shop's clock in London reads them. */
export const OrdersCsvQuerySchema = z
  .object({ from: isoDay('from'), to: isoDay('to') })
  .refine(({ from, to }) => from <= to, { error: 'from must not be after to.', path: ['from'] });
export type OrdersCsvQuery = z.infer<typeof OrdersCsvQuerySchema>;

/** The owner's dashboard: what needs doing, and what came in. */
export const AdminSummarySchema = z.object({
  ordersToDispatch: z.number().int(),
  takingsToday: z.number(),
  takingsThisMonth: z.number(),
  newMessages: z.number().int(),
  /** Weights at or below the owner's low-stock alert, by product name. */
  lowStock: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      selectedWeight: z.string(),
      stock: z.number(),
      lowStockAt: z.number(),
    }),
  ),
  /** Checkouts of the last 24 hours not paid (abandoned, declined or still paying), newest first. */
  unpaidCheckouts: z.array(
    z.object({
      createdAt: z.string(),
      email: z.string(),
      lines: z.array(z.object({ name: z.string(), selectedWeight: z.string(), qty: z.number().int() })),
      amount: z.number(),
      /** Still holding its packs (they come back when it is given up or its hold ends). */
      holdsStock: z.boolean(),
    }),
  ),
});
export type AdminSummary = z.infer<typeof AdminSummarySchema>;
