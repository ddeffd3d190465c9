/**
 * The checkout's wire edge: the one place its pounds become pence (what a browser sends) and pence become pounds
 * (the orders the API answers), with `#shared/money`.
 */
import { penceToPounds, poundsToPence } from '#shared/money';
import type { CreateCheckoutBody, Order, OrderItemInput, PlaceOrderBody } from '#shared/schemas/order';
import { vatBreakdown } from '#shared/vat';
import { formatOrderNumber, type OrderRecord } from './order-repository.ts';
import type { CheckoutItem, OrderClaim } from './service.ts';

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
    })),
    totalPrice: penceToPounds(order.totalPence),
    vat: vatBreakdown(order.lines).map((entry) => ({
      rate: entry.rate,
      total: penceToPounds(entry.grossPence),
      vat: penceToPounds(entry.vatPence),
    })),
    isDelivered: order.isDelivered,
    shippingAddress: order.shippingAddress,
    ...(order.guestEmail ? { guestEmail: order.guestEmail } : {}),
  };
}
