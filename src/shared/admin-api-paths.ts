/**
 * The owner's API addresses (docs/api.md, The owner's API; an admin's bearer token on every call), written once as `#shared/api-paths`
 * writes the shop's, but apart from them: this module reaches only the /admin screens' lazy chunks, never the first
 * load every shopper's browser runs. `prefix` is where the server mounts the owner's routes.
 */
const segment = encodeURIComponent;

const admin = '/api/admin';

export const adminApiPaths = {
  prefix: admin,
  /** GET: the dashboard's figures (orders to dispatch, today's and this month's takings, new messages). */
  summary: `${admin}/summary`,
  /** GET: orders, newest first (`status`, `q`, `limit`, `offset`). */
  orders: `${admin}/orders`,
  /** GET: the orders of London days `from` to `to` (YYYY-MM-DD) as CSV, for the books. */
  ordersCsv: `${admin}/orders.csv`,
  /** GET: one order with its history; PATCH: move it on (`{ status, trackingNumber?, carrier? }`). */
  order: (orderId: string) => `${admin}/orders/${segment(orderId)}`,
  /** POST: a refund (`{ amount, reason, restock?, lines? }`, `Idempotency-Key` header); answers the order. */
  orderRefunds: (orderId: string) => `${admin}/orders/${segment(orderId)}/refunds`,
  /** POST: cancel a processing order (`{ reason, restock? }`), refunding what is left; answers the order. */
  orderCancel: (orderId: string) => `${admin}/orders/${segment(orderId)}/cancel`,
  /** POST: try a failed refund again; answers the order. */
  refundRetry: (orderId: string, refundId: string) =>
    `${admin}/orders/${segment(orderId)}/refunds/${segment(refundId)}/retry`,
  /** GET: every processing order, oldest first, with the pick list. */
  packing: `${admin}/packing`,
  /** POST: mark several orders as dispatched (`{ orders: [{ id, trackingNumber?, carrier? }] }`), each mailed and audited. */
  packingDispatch: `${admin}/packing/dispatch`,
  /** GET: every review, hidden ones too (`hidden`, `limit`, `offset`). */
  reviews: `${admin}/reviews`,
  /** GET: the owner's review settings (`{ approvalRequired }`); PUT: change them, audited. */
  reviewSettings: `${admin}/review-settings`,
  /** PATCH: hide or show (`{ hidden }`); DELETE: delete it and its photo. */
  review: (reviewId: string) => `${admin}/reviews/${segment(reviewId)}`,
  /** GET: contact messages, newest first (`status`, `limit`, `offset`). */
  messages: `${admin}/messages`,
  /** GET: one message (a read: it changes nothing); PATCH: its status (`{ status }`), `read` when the owner opens a new one. */
  message: (messageId: string) => `${admin}/messages/${segment(messageId)}`,
  /** POST: a reply (`{ message }`), mailed to the sender; the message becomes answered. */
  messageReply: (messageId: string) => `${admin}/messages/${segment(messageId)}/reply`,
  /** GET: every product, hidden ones too, in the shop's order, with each weight's stock; POST: a new one. */
  products: `${admin}/products`,
  /** POST: a picture for a product (multipart, `image`): answers 201 `{ image }`, the path a product may name. */
  productImages: `${admin}/products/images`,
  /** PUT: replace its fields and weights; PATCH: hide or show (`{ hidden }`); DELETE: hide it. */
  product: (productId: string) => `${admin}/products/${segment(productId)}`,
  /** POST: receive a batch of a weight (`{ weight, code, bestBefore, quantity }`); GET: the product's batches. */
  productBatches: (productId: string) => `${admin}/products/${segment(productId)}/batches`,
  /** GET: a batch with the orders and e-mails that received it. */
  batch: (code: string) => `${admin}/batches/${segment(code)}`,
  /** POST: recall the batch (`{ message }`): its sale stops and everyone who received it is mailed once. */
  batchRecall: (code: string) => `${admin}/batches/${segment(code)}/recall`,
  /** GET: the delivery charges; PUT: replace them (`{ standard, freeOver, zones }`). */
  deliverySettings: `${admin}/settings/delivery`,
  /** GET: every promotion, newest first, with its uses; POST: a new one. */
  promotions: `${admin}/promotions`,
  /** PATCH: switch it off or on (`{ active }`). */
  promotion: (promotionId: string) => `${admin}/promotions/${segment(promotionId)}`,
  /** GET: who works in /admin, and who is invited; POST: invite someone (`{ email, name, role }`). */
  staff: `${admin}/staff`,
  /** DELETE: remove a member of staff or withdraw an invitation; their sessions end at once. */
  staffMember: (staffId: string) => `${admin}/staff/${segment(staffId)}`,
  /** GET: sales by `interval` (day, week, month) for London days `from` to `to`, and the best sellers. */
  salesReport: `${admin}/reports/sales`,
  /** GET: the VAT of London days `from` to `to` by rate, with boxes 1 and 6 of the VAT return. */
  vatReport: `${admin}/reports/vat`,
  /** GET: the same VAT figures as CSV. */
  vatReportCsv: `${admin}/reports/vat.csv`,
  /** GET: every admin change, newest first (`action`, `target`, `limit`, `offset`). */
  audit: `${admin}/audit`,
} as const;
