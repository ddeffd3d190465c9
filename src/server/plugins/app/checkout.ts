/**
 * Adds `app.checkout`: from a browser's cart to a paid order. `start` prices the lines from the database (never
 * from the browser), records a pending checkout and asks the payment provider for a session; `confirm` turns a
 * paid session into its one order, with the confirmation mail queued in the same transaction. The verify call,
 * the order calls, the webhook and the test payment page all go through `confirm` (contract §4), which asks the
 * provider at most once per session every few seconds and only about its own checkouts (decision 045).
 */
import fp from 'fastify-plugin';
import { findWeight } from '#shared/cart-rules';
import { UNPAID_ANSWER_TTL_MS } from '#shared/constants';
import { penceToPounds, poundsToPence } from '#shared/money';
import type { Order, OrderItemInput } from '#shared/schemas/order';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import { vatBreakdown } from '#shared/vat';
import { orderConfirmationMail } from '../../features/mail/index.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { Customer } from '../../features/accounts/index.ts';
import type { CheckoutLine, CheckoutRecord, OrderRecord } from './order-repository.ts';

export type StartCheckoutResult =
  | { status: 'started'; sessionId: string; url: string }
  /** `index`: the line of `orderItems` the catalog cannot sell. */
  | { status: 'unknown-product'; index: number }
  | { status: 'unknown-weight'; index: number; productName: string }
  /** The browser's prices or total differ from the catalog's: the shopper must see the new amount first. */
  | { status: 'price-changed' }
  | { status: 'provider-unavailable' };

export type ConfirmResult =
  | { status: 'unknown-session' }
  | { status: 'unpaid'; checkout: CheckoutRecord }
  | { status: 'placed'; checkout: CheckoutRecord; order: OrderRecord; created: boolean };

export interface CheckoutService {
  start(input: {
    items: readonly OrderItemInput[];
    shippingAddress: ShippingAddress;
    totalPrice: number;
    customer: Customer | null;
  }): Promise<StartCheckoutResult>;
  /**
   * The pending checkout of a payment session, if this shop's provider made it: another provider's checkout on
   * the same database (another process, another PAYMENT_PROVIDER) is unknown here, as no session at all is.
   */
  find(sessionId: string): Promise<CheckoutRecord | undefined>;
  /**
   * The order for a payment session, made now if the provider holds the session as paid. `knownPaid`: the
   * caller has the provider's word already (a verified webhook, the test payment page), so it is not asked again.
   */
  confirm(sessionId: string, options?: { knownPaid?: boolean }): Promise<ConfirmResult>;
  /**
   * `confirm` for a checkout the caller has already read (the verify and order calls, the test payment page);
   * another provider's checkout is an unknown session.
   */
  confirmCheckout(checkout: CheckoutRecord, options?: { knownPaid?: boolean }): Promise<ConfirmResult>;
}

/** Past this many remembered answers, expired ones are dropped as new ones come in. */
const UNPAID_ANSWERS_SWEEP_AT = 1_000;

/**
 * `provider.isPaid`, asked at most once per session every UNPAID_ANSWER_TTL_MS while the session is unpaid:
 * callers of the same session at once share the one call in flight, and an unpaid answer is kept for the window,
 * so no caller can spend the shop's rate limit at the provider (decision 045). A paid answer is not kept (the
 * order made from it is what later callers find), nor is a failure. In-process: each server process keeps its own.
 */
export function createPaidStatusReader(provider: Pick<PaymentProvider, 'isPaid'>) {
  const inFlight = new Map<string, Promise<boolean>>();
  const unpaidUntil = new Map<string, number>();

  function rememberUnpaid(sessionId: string, now: number) {
    if (unpaidUntil.size >= UNPAID_ANSWERS_SWEEP_AT)
      for (const [id, until] of unpaidUntil) if (until <= now) unpaidUntil.delete(id);
    unpaidUntil.set(sessionId, now + UNPAID_ANSWER_TTL_MS);
  }

  return (sessionId: string): Promise<boolean> => {
    const until = unpaidUntil.get(sessionId);
    if (until !== undefined && Date.now() < until) return Promise.resolve(false);
    const running = inFlight.get(sessionId);
    if (running) return running;
    const call = provider
      .isPaid(sessionId)
      .then((paid) => {
        if (paid) unpaidUntil.delete(sessionId);
        else rememberUnpaid(sessionId, Date.now());
        return paid;
      })
      .finally(() => inFlight.delete(sessionId));
    inFlight.set(sessionId, call);
    return call;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
  }
}

/** The order number a shopper quotes, e.g. "RC-1001". */
export const formatOrderNumber = (orderNumber: number) => `RC-${orderNumber}`;

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

/**
 * True when a browser's lines and total are the ones paid for: same products, weights (an empty weight meaning
 * the one chosen for it), quantities, prices where sent, and total.
 */
export function matchesCheckout(
  checkout: Pick<CheckoutRecord, 'lines' | 'amountPence'>,
  items: readonly OrderItemInput[],
  totalPrice: number,
): boolean {
  if (poundsToPence(totalPrice) !== checkout.amountPence || items.length !== checkout.lines.length) return false;
  const paidByProduct = new Map(checkout.lines.map((line) => [line.productId, line]));
  return items.every((item) => {
    const paid = paidByProduct.get(item._id);
    return (
      paid !== undefined &&
      paid.qty === item.qty &&
      (item.selectedWeight === '' || item.selectedWeight === paid.selectedWeight) &&
      (item.price === undefined || poundsToPence(item.price) === paid.unitPricePence)
    );
  });
}

export default fp(
  async (app) => {
    const { orderRepository, productRepository, payments, mailer } = app;
    const isPaid = createPaidStatusReader(payments);

    const checkout: CheckoutService = {
      async start({ items, shippingAddress, totalPrice, customer }) {
        const products = new Map(
          (await productRepository.findByIds(items.map((item) => item._id))).map((product) => [product.id, product]),
        );
        const lines: CheckoutLine[] = [];
        let priceChanged = false;
        for (const [index, item] of items.entries()) {
          const product = products.get(item._id);
          if (!product) return { status: 'unknown-product', index };
          const weight = findWeight(product.weights, item.selectedWeight);
          if (!weight) return { status: 'unknown-weight', index, productName: product.name };
          if (item.price !== undefined && poundsToPence(item.price) !== weight.pricePence) priceChanged = true;
          lines.push({
            productId: product.id,
            name: product.name,
            selectedWeight: weight.label,
            qty: item.qty,
            unitPricePence: weight.pricePence,
            vatRate: product.vatRate,
          });
        }
        const amountPence = lines.reduce((sum, line) => sum + line.unitPricePence * line.qty, 0);
        if (priceChanged || poundsToPence(totalPrice) !== amountPence) return { status: 'price-changed' };

        const email = customer?.email ?? shippingAddress.email;
        const pending = await orderRepository.createCheckout({
          provider: payments.name,
          userId: customer?.id ?? null,
          guestEmail: customer ? null : shippingAddress.email,
          email,
          lines,
          amountPence,
          shippingAddress,
        });
        let session: Awaited<ReturnType<typeof payments.createSession>>;
        try {
          session = await payments.createSession({ checkoutId: pending.id, lines, amountPence, email });
        } catch (error) {
          app.log.error({ err: error, checkoutId: pending.id }, 'the payment provider could not make a session');
          return { status: 'provider-unavailable' };
        }
        await orderRepository.attachSession(pending.id, session.sessionId);
        return { status: 'started', ...session };
      },

      async find(sessionId) {
        const pending = await orderRepository.findCheckoutBySession(sessionId);
        return pending?.provider === payments.name ? pending : undefined;
      },

      async confirm(sessionId, options) {
        const pending = await checkout.find(sessionId);
        if (!pending) return { status: 'unknown-session' };
        return checkout.confirmCheckout(pending, options);
      },

      async confirmCheckout(pending, { knownPaid = false } = {}) {
        // Only the provider that took the payment can say it is paid: another one's word (its test page taking
        // 4242 for a Stripe session) must never make an order.
        if (pending.provider !== payments.name) return { status: 'unknown-session' };
        const existing = await orderRepository.findOrderByCheckout(pending.id);
        if (existing) return { status: 'placed', checkout: pending, order: existing, created: false };
        if (!knownPaid && !pending.paidAt && (!pending.sessionId || !(await isPaid(pending.sessionId))))
          return { status: 'unpaid', checkout: pending };

        const placed = await orderRepository.placeOrder(pending.id, async (order, tx) => {
          await mailer.enqueue(
            orderConfirmationMail({
              to: order.email,
              orderNumber: formatOrderNumber(order.orderNumber),
              lines: order.lines,
              totalPence: order.totalPence,
              shippingAddress: order.shippingAddress,
            }),
            tx,
          );
        });
        if (placed.created) {
          mailer.deliverSoon();
          app.log.info(
            { orderId: placed.order.id, orderNumber: placed.order.orderNumber, checkoutId: pending.id },
            'order placed',
          );
        }
        return { status: 'placed', checkout: pending, ...placed };
      },
    };

    app.decorate('checkout', checkout);
  },
  { name: 'checkout', dependencies: ['order-repository', 'product-repository', 'payments', 'mailer'] },
);
