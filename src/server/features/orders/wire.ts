/**
 * The orders domain's wire edge: the one place its pounds become pence (what a browser sends) and pence become
 * pounds (the orders the API answers, to shoppers and to the owner), with `#shared/money`.
 */
import { trackingUrl } from '#shared/carriers';
import { penceToPounds, poundsToPence } from '#shared/money';
import type { AdminOrder, AdminOrderDetail, AdminRefund } from '#shared/schemas/admin';
import type { Refund } from '#shared/schemas/refund';
import type { CreateCheckoutBody, Order, OrderDetail, OrderItemInput, PlaceOrderBody } from '#shared/schemas/order';
import type { Quote, QuoteBody } from '#shared/schemas/quote';
import { vatWithDelivery } from '#shared/vat';
import type { CheckoutItem, OrderClaim } from './checkout-lines.ts';
import type { BasketRequest, QuotedBasket } from './quote-service.ts';
import {
  formatOrderNumber,
  type OrderRecord,
  type OrderStatusChangeRecord,
  type RefundRecord,
  refundedPence,
} from './order-records.ts';

/** The lines of a checkout or order body, in pence. */
function checkoutItemsFromWire(items: readonly OrderItemInput[]): CheckoutItem[] {
  return items.map((item) => ({
    productId: item._id,
    selectedWeight: item.selectedWeight,
    qty: item.qty,
    unitPricePence: item.price === undefined ? undefined : poundsToPence(item.price),
  }));
}

/** What a checkout body asks for, in pence. */
export function checkoutFromWire(body: CreateCheckoutBody) {
  return {
    items: checkoutItemsFromWire(body.orderItems),
    shippingAddress: body.shippingAddress,
    totalPence: poundsToPence(body.totalPrice),
    promoCode: body.promoCode,
  };
}

/** What a quote body asks for, in pence. */
export function quoteFromWire(body: QuoteBody): BasketRequest {
  return { items: checkoutItemsFromWire(body.orderItems), postcode: body.postcode, promoCode: body.promoCode };
}

/** A quote as the API answers it, in pounds (docs/api.md, Delivery and promotions). */
export function toWireQuote({ priced, promotion }: QuotedBasket): Quote {
  return {
    subtotal: penceToPounds(priced.subtotalPence),
    discount: penceToPounds(priced.discountPence),
    delivery: penceToPounds(priced.deliveryPence),
    total: penceToPounds(priced.totalPence),
    vat: priced.vat.map((entry) => ({ rate: entry.rate, amount: penceToPounds(entry.vatPence) })),
    ...(priced.freeOverPence === null ? {} : { freeDeliveryFrom: penceToPounds(priced.freeOverPence) }),
    ...(priced.moreForFreeDeliveryPence !== null && priced.moreForFreeDeliveryPence > 0
      ? { moreForFreeDelivery: penceToPounds(priced.moreForFreeDeliveryPence) }
      : {}),
    ...(promotion ? { promo: { code: promotion.code, description: promotion.description } } : {}),
  };
}

/** What an order call's body claims, in pence. */
export function orderClaimFromWire(body: PlaceOrderBody): OrderClaim {
  return {
    sessionId: body.sessionId,
    items: checkoutItemsFromWire(body.orderItems),
    totalPence: poundsToPence(body.totalPrice),
  };
}

/** An order as the API shows it: pounds, the order number, the VAT by rate. */
export function toWireOrder(order: OrderRecord): Order {
  return {
    _id: order.id,
    orderNumber: formatOrderNumber(order.orderNumber),
    createdAt: order.createdAt.toISOString(),
    orderItems: order.lines.map((line) => ({
      _id: line.productId,
      name: line.name,
      selectedWeight: line.selectedWeight,
      qty: line.qty,
      price: penceToPounds(line.unitPricePence),
      vatRate: line.vatRate,
      discount: penceToPounds(line.discountPence ?? 0),
      ...(line.batches && { batches: line.batches }),
    })),
    subtotal: penceToPounds(order.subtotalPence),
    discount: penceToPounds(order.discountPence),
    delivery: penceToPounds(order.deliveryPence),
    ...(order.promoCode ? { promoCode: order.promoCode } : {}),
    totalPrice: penceToPounds(order.totalPence),
    vat: vatWithDelivery(order.lines, order.deliveryPence).map((entry) => ({
      rate: entry.rate,
      total: penceToPounds(entry.grossPence),
      vat: penceToPounds(entry.vatPence),
    })),
    isDelivered: order.isDelivered,
    shippingAddress: order.shippingAddress,
    ...(order.guestEmail ? { guestEmail: order.guestEmail } : {}),
    status: order.status,
    refunds: order.refunds.map(toWireRefund),
    refundedTotal: penceToPounds(refundedPence(order)),
  };
}

/** A refund as the API shows it, in pounds. */
export function toWireRefund(refund: RefundRecord): Refund {
  return {
    _id: refund.id,
    amount: penceToPounds(refund.amountPence),
    reason: refund.reason,
    restock: refund.restock,
    ...(refund.lines ? { lines: refund.lines } : {}),
    status: refund.status,
    ...(refund.failureReason ? { failureReason: refund.failureReason } : {}),
    createdAt: refund.createdAt.toISOString(),
  };
}

/** A refund as the owner sees it: who asked for it, and when it went through. */
export function toAdminRefund(refund: RefundRecord): AdminRefund {
  return {
    ...toWireRefund(refund),
    by: refund.actorEmail,
    ...(refund.succeededAt ? { succeededAt: refund.succeededAt.toISOString() } : {}),
  };
}

/** An order as the owner's API shows it: the shopper's shape, and where it is on its way. */
export function toAdminOrder(order: OrderRecord): AdminOrder {
  return {
    ...toWireOrder(order),
    status: order.status,
    email: order.email,
    ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
    ...(order.carrier ? { carrier: order.carrier } : {}),
    ...(order.dispatchedAt ? { dispatchedAt: order.dispatchedAt.toISOString() } : {}),
    ...(order.deliveredAt ? { deliveredAt: order.deliveredAt.toISOString() } : {}),
    ...(order.cancelledAt ? { cancelledAt: order.cancelledAt.toISOString() } : {}),
  };
}

/** One order for the owner, with each move it made, oldest first. */
export function toAdminOrderDetail(order: OrderRecord, history: OrderStatusChangeRecord[]): AdminOrderDetail {
  return {
    ...toAdminOrder(order),
    history: history.map((change) => ({
      status: change.toStatus,
      at: change.changedAt.toISOString(),
      by: change.actorEmail,
      ...(change.trackingNumber ? { trackingNumber: change.trackingNumber } : {}),
    })),
    refunds: order.refunds.map(toAdminRefund),
  };
}

/**
 * One of a customer's own orders for its page: the shopper's shape, each step with its date (placed first), and the
 * parcel's tracking number with its carrier's page where the carrier is known (decision 113). Who moved it is the
 * shop's business, not the customer's.
 */
export function toOrderDetail(order: OrderRecord, history: OrderStatusChangeRecord[]): OrderDetail {
  const link = trackingUrl(order.carrier, order.trackingNumber);
  return {
    ...toWireOrder(order),
    history: [
      { status: 'processing' as const, at: order.createdAt.toISOString() },
      ...history.map((change) => ({ status: change.toStatus, at: change.changedAt.toISOString() })),
    ],
    ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
    ...(order.carrier ? { carrier: order.carrier } : {}),
    ...(link ? { trackingUrl: link } : {}),
  };
}
