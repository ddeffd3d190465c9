/**
 * Adds `app.checkout`: from a browser's cart to a paid order, in pence throughout. `start` prices the lines from the
 * database (never from the browser), records a pending checkout and asks the payment provider for a session;
 * `confirm` turns a paid session into its one order, with the confirmation mail queued in the same unit of work.
 * The verify call, the order calls, the webhook and the test payment page all go through `confirm` (contract §4),
 * which asks the provider at most once per session every few seconds and only about its own checkouts (decision 045).
 * What the API's callers may not do is an `HttpError` (messages.ts).
 *
 * Stock (contract §8, decision 077): `start` takes the lines' counted stock in the same transaction as the pending
 * checkout, or refuses with 409 naming the product; a paid order keeps it; a cancelled, expired or abandoned checkout
 * (CHECKOUT_HOLD_MS) gives it back through `releaseCheckout`, which can happen once per checkout.
 */
import fp from 'fastify-plugin';
import { findWeight } from '#shared/cart-rules';
import { CHECKOUT_HOLD_MS } from '#shared/constants';
import { checkoutMessages } from '#shared/schemas/order';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import { HttpError } from '../../errors.ts';
import type { Customer } from '../accounts/index.ts';
import type { StockLine } from '../catalog/index.ts';
import type { Database } from '../../db/database.ts';
import { orderConfirmationMail } from '../mail/index.ts';
import { orderMessages } from './messages.ts';
import {
  type CheckoutLine,
  type CheckoutRecord,
  formatOrderNumber,
  type OrderRecord,
  type PlacedOrder,
} from './order-repository.ts';
import { createPaidStatusReader } from './paid-status.ts';

/** A line a shopper asks to buy, or says they paid for: its price, when sent, in pence. */
export type CheckoutItem = Pick<CheckoutLine, 'productId' | 'selectedWeight' | 'qty'> & {
  unitPricePence?: number | undefined;
};

/** What the order calls name: the session paid, and the lines and total the shopper was shown. */
export interface OrderClaim {
  sessionId: string;
  items: readonly CheckoutItem[];
  totalPence: number;
}

export type ConfirmResult =
  | { status: 'unknown-session' }
  | { status: 'unpaid'; checkout: CheckoutRecord }
  | { status: 'placed'; checkout: CheckoutRecord; order: OrderRecord; created: boolean };

export interface CheckoutService {
  /** A payment session for the lines, priced from the database; 400, 409 or 503 when it cannot start. */
  start(input: {
    items: readonly CheckoutItem[];
    shippingAddress: ShippingAddress;
    totalPence: number;
    customer: Customer | null;
  }): Promise<{ sessionId: string; url: string }>;
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
   * `confirm` for a checkout the caller has already read (the test payment page); another provider's checkout is
   * an unknown session.
   */
  confirmCheckout(checkout: CheckoutRecord, options?: { knownPaid?: boolean }): Promise<ConfirmResult>;
  /** The verify call: the session's order, for its own customer (or anyone holding a guest's session id). */
  verify(sessionId: string, customer: Customer | null): Promise<OrderRecord>;
  /** A customer's order call: their own checkout, or a guest checkout with their verified address. */
  placeCustomerOrder(customer: Customer, claim: OrderClaim): Promise<PlacedOrder>;
  /** A guest's order call: only a guest checkout, and only with the e-mail given at checkout, if one is sent. */
  placeGuestOrder(claim: OrderClaim & { guestEmail?: string | undefined }): Promise<PlacedOrder>;
  /** A customer's orders, newest first. */
  ordersOf(customer: Customer): Promise<OrderRecord[]>;
  /**
   * Gives an unpaid checkout's stock back (its session cancelled or expired); true when it held some. A checkout that
   * gave it back can no longer be paid on the test page.
   */
  releaseCheckout(checkoutId: string): Promise<boolean>;
  /** Gives back the stock of checkouts left unpaid for longer than CHECKOUT_HOLD_MS; answers how many. */
  releaseAbandoned(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService;
  }
}

/**
 * True when a shopper's lines and total are the ones paid for: same products, weights (an empty weight meaning
 * the one chosen for it), quantities, prices where sent, and total.
 */
function matchesCheckout(
  checkout: Pick<CheckoutRecord, 'lines' | 'amountPence'>,
  items: readonly CheckoutItem[],
  totalPence: number,
): boolean {
  if (totalPence !== checkout.amountPence || items.length !== checkout.lines.length) return false;
  const paidByProduct = new Map(checkout.lines.map((line) => [line.productId, line]));
  return items.every((item) => {
    const paid = paidByProduct.get(item.productId);
    return (
      paid !== undefined &&
      paid.qty === item.qty &&
      (item.selectedWeight === '' || item.selectedWeight === paid.selectedWeight) &&
      (item.unitPricePence === undefined || item.unitPricePence === paid.unitPricePence)
    );
  });
}

export default fp(
  async (app) => {
    const { orderRepository, productRepository, payments } = app;
    const isPaid = createPaidStatusReader(payments);

    /** The lines priced from the database; refused when one cannot be sold or its price is not the shopper's. */
    async function priceLines(items: readonly CheckoutItem[], totalPence: number, tx: Database) {
      const products = new Map(
        (
          await productRepository.findByIds(
            items.map((item) => item.productId),
            tx,
          )
        ).map((product) => [product.id, product]),
      );
      const lines: CheckoutLine[] = [];
      let priceChanged = false;
      for (const [index, item] of items.entries()) {
        const product = products.get(item.productId);
        if (!product) throw new HttpError(400, orderMessages.productGone, { field: `orderItems.${index}._id` });
        const weight = findWeight(product.weights, item.selectedWeight);
        if (!weight)
          throw new HttpError(400, orderMessages.weightGone(product.name), {
            field: `orderItems.${index}.selectedWeight`,
          });
        if (item.unitPricePence !== undefined && item.unitPricePence !== weight.pricePence) priceChanged = true;
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
      // The browser's prices or total differ from the catalog's: the shopper must see the new amount first.
      if (priceChanged || totalPence !== amountPence) throw new HttpError(409, checkoutMessages.reviewCart);
      return { lines, amountPence };
    }

    /** The order of a checkout whose caller may claim it, or why there is none (404, 409). */
    async function placedOrder(pending: CheckoutRecord): Promise<PlacedOrder> {
      const result = await checkout.confirmCheckout(pending);
      if (result.status === 'unknown-session') throw new HttpError(404, orderMessages.unknownSession);
      if (result.status === 'unpaid') throw new HttpError(409, orderMessages.unpaid);
      return result;
    }

    /** A session's checkout, or 404. */
    async function found(sessionId: string): Promise<CheckoutRecord> {
      const pending = await checkout.find(sessionId);
      if (!pending) throw new HttpError(404, orderMessages.unknownSession);
      return pending;
    }

    /** The order calls' common path: the claim must name what was paid for, and the order comes from the checkout. */
    function placeClaimed(pending: CheckoutRecord, claim: OrderClaim): Promise<PlacedOrder> {
      if (!matchesCheckout(pending, claim.items, claim.totalPence))
        throw new HttpError(409, checkoutMessages.orderMismatch);
      return placedOrder(pending);
    }

    const stockLines = (lines: readonly CheckoutLine[]): StockLine[] =>
      lines.map((line) => ({ productId: line.productId, label: line.selectedWeight, qty: line.qty }));

    /** Gives a checkout's stock back inside `tx`: whether it held any, and whether a sold-out weight is back. */
    async function releaseInside(checkoutId: string, tx: Database) {
      const lines = await orderRepository.releaseStock(checkoutId, tx);
      if (!lines) return { released: false, restocked: false };
      const { restocked } = await productRepository.returnStock(stockLines(lines), tx);
      return { released: true, restocked };
    }

    /** After a commit that sold a weight out or brought one back: the shop's pages must say so, in every process. */
    async function stockShown(changed: boolean) {
      if (changed) await app.catalog.changed();
    }

    const checkout: CheckoutService = {
      async start({ items, shippingAddress, totalPence, customer }) {
        const email = customer?.email ?? shippingAddress.email;
        let soldOut = false;
        const pending = await app.db.transaction(async (tx) => {
          const { lines, amountPence } = await priceLines(items, totalPence, tx);
          const taken = await productRepository.takeStock(stockLines(lines), tx);
          const { short } = taken;
          soldOut = taken.soldOut;
          if (short) {
            const index = lines.findIndex((line) => line.productId === short.line.productId);
            const name = lines[index]?.name ?? short.line.productId;
            throw new HttpError(409, orderMessages.notEnoughStock(name, short.line.label, short.left), {
              field: `orderItems.${index}.qty`,
            });
          }
          return orderRepository.createCheckout(
            {
              provider: payments.name,
              userId: customer?.id ?? null,
              guestEmail: customer ? null : shippingAddress.email,
              email,
              lines,
              amountPence,
              shippingAddress,
              stockReserved: true,
            },
            tx,
          );
        });
        await stockShown(soldOut);
        const { lines, amountPence } = pending;
        let session: Awaited<ReturnType<typeof payments.createSession>>;
        try {
          session = await payments.createSession({ checkoutId: pending.id, lines, amountPence, email });
        } catch (error) {
          app.log.error({ err: error, checkoutId: pending.id }, 'the payment provider could not make a session');
          // No session, so no payment can ever come for it: its stock goes back at once.
          await checkout.releaseCheckout(pending.id);
          throw new HttpError(503, orderMessages.providerUnavailable);
        }
        await orderRepository.attachSession(pending.id, session.sessionId);
        return session;
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

        let soldOut = false;
        const placed = await app.unitOfWork(async (tx, queueMail) => {
          const result = await orderRepository.placeOrder(pending.id, tx);
          // Paid after its checkout gave the stock back (a Stripe payment that outlived the sweep): taken again, as
          // far as there is; what was sold meanwhile is the owner's to resolve, and said in the log.
          if (result.stockGivenBack) {
            const retaken = await productRepository.retakeStock(stockLines(pending.lines), tx);
            soldOut = retaken.soldOut;
            const { missing } = retaken;
            if (missing > 0)
              app.log.warn({ checkoutId: pending.id, missing }, 'paid after its stock was given back: oversold');
          }
          if (result.created)
            await queueMail(
              orderConfirmationMail({
                to: result.order.email,
                orderNumber: formatOrderNumber(result.order.orderNumber),
                lines: result.order.lines,
                totalPence: result.order.totalPence,
                shippingAddress: result.order.shippingAddress,
              }),
            );
          return result;
        });
        await stockShown(soldOut);
        if (placed.created) {
          app.log.info(
            { orderId: placed.order.id, orderNumber: placed.order.orderNumber, checkoutId: pending.id },
            'order placed',
          );
        }
        return { status: 'placed', checkout: pending, ...placed };
      },

      async verify(sessionId, customer) {
        const pending = await found(sessionId);
        // A customer's checkout answers their name, phone and address: only to them (contract §3), and decided
        // before the provider is asked anything. A guest's is read by its unguessable id alone.
        if (pending.userId !== null && pending.userId !== customer?.id)
          throw new HttpError(403, customer ? orderMessages.otherCustomer : orderMessages.customerCheckout);
        return (await placedOrder(pending)).order;
      },

      async placeCustomerOrder(customer, claim) {
        const pending = await found(claim.sessionId);
        // A customer's own checkout, or a guest checkout with their verified address (they logged in while paying).
        const theirs = pending.userId === null ? pending.guestEmail === customer.email : pending.userId === customer.id;
        if (!theirs) throw new HttpError(403, orderMessages.otherCustomer);
        return placeClaimed(pending, claim);
      },

      async placeGuestOrder(claim) {
        const pending = await found(claim.sessionId);
        // A guest cannot put an order on a customer's account, nor claim a customer's payment.
        if (pending.userId !== null) throw new HttpError(403, orderMessages.customerCheckout);
        if (claim.guestEmail !== undefined && claim.guestEmail !== pending.guestEmail)
          throw new HttpError(409, orderMessages.guestEmailMismatch, { field: 'guestEmail' });
        return placeClaimed(pending, claim);
      },

      ordersOf: (customer) => orderRepository.listForCustomer(customer),

      async releaseCheckout(checkoutId) {
        const { released, restocked } = await app.db.transaction((tx) => releaseInside(checkoutId, tx));
        await stockShown(restocked);
        return released;
      },

      async releaseAbandoned(now = new Date()) {
        const before = new Date(now.getTime() - CHECKOUT_HOLD_MS);
        let released = 0;
        let restocked = false;
        // In batches, each its own transaction, so a long backlog never holds many rows locked at once.
        for (;;) {
          const batch = await app.db.transaction(async (tx) => {
            const ids = await orderRepository.abandonedHoldingStock(before, 50, tx);
            for (const id of ids) restocked = (await releaseInside(id, tx)).restocked || restocked;
            return ids.length;
          });
          released += batch;
          if (batch < 50) break;
        }
        await stockShown(restocked);
        return released;
      },
    };

    app.decorate('checkout', checkout);
  },
  {
    name: 'checkout',
    dependencies: ['order-repository', 'product-repository', 'payments', 'unit-of-work'],
  },
);
