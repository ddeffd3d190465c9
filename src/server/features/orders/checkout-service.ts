/**
 * The shopper's way from a cart to a paid order, in pence throughout (`app.checkout`). `start` prices the lines from
 * the database (never from the browser), takes their counted stock in the same transaction as the pending checkout
 * or refuses with 409 naming the product, and asks the payment provider for a session; `confirm` turns a paid session
 * into its one order, with the confirmation mail queued in the same unit of work. The verify call, the order calls,
 * the webhook and the test payment page all go through `confirm` (docs/api.md, Checkout and payment), which asks the
 * provider at most once per session every few seconds and only about its own checkouts (decision 045). A paid order
 * keeps its stock; a checkout that is not paid gives it back through the stock holds (decision 077).
 */
import type { FastifyBaseLogger } from 'fastify';
import { checkoutMessages } from '#shared/schemas/order';
import type { ShippingAddress } from '#shared/schemas/shipping-address';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { Customer } from '../accounts/index.ts';
import type { ProductRepository } from '../catalog/index.ts';
import { orderConfirmationMail, type UnitOfWork } from '../mail/index.ts';
import type { CheckoutRepository } from './checkout-repository.ts';
import { type CheckoutItem, matchesCheckout, type OrderClaim, stockLines } from './checkout-lines.ts';
import { lineOf, refuseBeyondClientBound } from './client-bound.ts';
import { orderMessages, refundMessages } from './messages.ts';
import {
  type CheckoutRecord,
  formatOrderNumber,
  type OrderRecord,
  type PlacedOrder,
  type RefundRecord,
} from './order-records.ts';
import type { OrderRepository } from './order-repository.ts';
import { createPaidStatusReader } from './paid-status.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { QuoteService } from './quote-service.ts';
import type { RefundRepository } from './refund-repository.ts';
import type { RefundService } from './refund-service.ts';
import type { RefundSettlement } from './refund-settlement.ts';
import type { StockHolds } from './stock-holds.ts';

/** Who the shop's own cancellations are by, in an order's history and the audit. */
const SHOP_ACTOR = { id: null, email: 'Roast & Co.' } as const;

export type ConfirmResult =
  | { status: 'unknown-session' }
  | { status: 'unpaid'; checkout: CheckoutRecord }
  /** The test page's card came after the checkout gave its stock back (cancelled, or past its hold): no order. */
  | { status: 'stock-given-back'; checkout: CheckoutRecord }
  | { status: 'placed'; checkout: CheckoutRecord; order: OrderRecord; created: boolean };

export interface CheckoutService extends StockHolds {
  /**
   * A payment session for the lines, priced from the database with the delivery address's charges and the promotion
   * (whose use it holds with the stock); 400, 409 or 503 when it cannot start.
   */
  start(input: {
    items: readonly CheckoutItem[];
    shippingAddress: ShippingAddress;
    totalPence: number;
    promoCode?: string | undefined;
    customer: Customer | null;
    /** The client's address as the rate limits key it: with the account, what its unpaid checkouts hold is bounded. */
    clientAddress: string;
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
   * an unknown session. `onlyWhileHeld`: refuse a checkout that has given its stock back (the test page, whose card is
   * only taken while the packs are held); a real payment that came late is an order all the same.
   */
  confirmCheckout(
    checkout: CheckoutRecord,
    options?: { knownPaid?: boolean; onlyWhileHeld?: boolean },
  ): Promise<ConfirmResult>;
  /** The verify call: the session's order, for its own customer (or anyone holding a guest's session id). */
  verify(sessionId: string, customer: Customer | null): Promise<OrderRecord>;
  /** A customer's order call: their own checkout, or a guest checkout with their verified address. */
  placeCustomerOrder(customer: Customer, claim: OrderClaim): Promise<PlacedOrder>;
  /** A guest's order call: only a guest checkout, and only with the e-mail given at checkout, if one is sent. */
  placeGuestOrder(claim: OrderClaim & { guestEmail?: string | undefined }): Promise<PlacedOrder>;
  /** A customer's orders, newest first. */
  ordersOf(customer: Customer): Promise<OrderRecord[]>;
}

export function createCheckoutService(deps: {
  db: Database;
  unitOfWork: UnitOfWork;
  checkoutRepository: CheckoutRepository;
  orderRepository: OrderRepository;
  productRepository: ProductRepository;
  quotes: Pick<QuoteService, 'priceCheckout'>;
  payments: PaymentProvider;
  stockHolds: StockHolds;
  refunds: Pick<RefundService, 'cancelInside'>;
  refundRepository: Pick<RefundRepository, 'lockForRefund'>;
  refundSettlement: Pick<RefundSettlement, 'settle'>;
  /** After a commit that sold a weight out or brought one back: the shop's pages must say so, in every process. */
  stockShown: (changed: boolean) => Promise<void>;
  log: FastifyBaseLogger;
}): CheckoutService {
  const { db, unitOfWork, checkoutRepository, orderRepository, productRepository, quotes, payments, stockHolds } = deps;
  const { stockShown, log, refunds, refundRepository, refundSettlement } = deps;
  const isPaid = createPaidStatusReader(payments);

  /** The order of a checkout whose caller may claim it, or why there is none (404, 409). */
  async function placedOrder(pending: CheckoutRecord): Promise<PlacedOrder> {
    const result = await checkout.confirmCheckout(pending);
    if (result.status === 'unknown-session') throw new HttpError(404, orderMessages.unknownSession);
    if (result.status === 'unpaid') throw new HttpError(409, orderMessages.unpaid);
    if (result.status === 'stock-given-back') throw new HttpError(409, orderMessages.checkoutExpired);
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

  const checkout: CheckoutService = {
    ...stockHolds,

    async start({ items, shippingAddress, totalPence, promoCode, customer, clientAddress }) {
      const email = customer?.email ?? shippingAddress.email;
      let soldOut = false;
      const pending = await db.transaction(async (tx) => {
        // The promotion's row stays locked to the commit, so the use this checkout holds is counted by the next.
        const { lines, priced, promotion } = await quotes.priceCheckout(
          { items, postcode: shippingAddress.postalCode, promoCode, email, totalPence },
          tx,
        );
        const wanted = stockLines(lines);
        // The counted weights are locked first, so what this client's other checkouts hold of them cannot change
        // until this one commits or rolls back: the bound holds however many of its checkouts run at once.
        const counted = (await productRepository.lockStock(wanted, tx)).map(({ line }) => line);
        const held = await checkoutRepository.heldByClient(
          { address: clientAddress, userId: customer?.id ?? null },
          counted,
          tx,
        );
        refuseBeyondClientBound(lines, counted, held);
        // The checkout first, so the batches its packs come from are recorded against it (decision 116).
        const created = await checkoutRepository.createCheckout(
          {
            provider: payments.name,
            userId: customer?.id ?? null,
            guestEmail: customer ? null : shippingAddress.email,
            email,
            lines,
            amountPence: priced.totalPence,
            subtotalPence: priced.subtotalPence,
            discountPence: priced.discountPence,
            deliveryPence: priced.deliveryPence,
            promotionId: promotion?.id ?? null,
            promoCode: promotion?.code ?? null,
            shippingAddress,
            stockReserved: true,
            clientAddress,
          },
          tx,
        );
        const { short, soldOut: none } = await productRepository.takeStock(wanted, tx, created.id);
        soldOut = none;
        if (short) {
          const { index, name } = lineOf(lines, short.line);
          throw new HttpError(409, orderMessages.notEnoughStock(name, short.line.label, short.left), {
            field: `orderItems.${index}.qty`,
          });
        }
        return created;
      });
      await stockShown(soldOut);
      const { lines, amountPence, deliveryPence } = pending;
      let session: Awaited<ReturnType<typeof payments.createSession>>;
      try {
        session = await payments.createSession({ checkoutId: pending.id, lines, amountPence, deliveryPence, email });
      } catch (error) {
        log.error({ err: error, checkoutId: pending.id }, 'the payment provider could not make a session');
        // No session, so no payment can ever come for it: its stock goes back at once.
        await stockHolds.releaseCheckout(pending.id);
        throw new HttpError(503, orderMessages.providerUnavailable);
      }
      await checkoutRepository.attachSession(pending.id, session.sessionId);
      return session;
    },

    async find(sessionId) {
      const pending = await checkoutRepository.findCheckoutBySession(sessionId);
      return pending?.provider === payments.name ? pending : undefined;
    },

    async confirm(sessionId, options) {
      const pending = await checkout.find(sessionId);
      if (!pending) return { status: 'unknown-session' };
      return checkout.confirmCheckout(pending, options);
    },

    async confirmCheckout(pending, { knownPaid = false, onlyWhileHeld = false } = {}) {
      // Only the provider that took the payment can say it is paid: another one's word (its test page taking
      // 4242 for a Stripe session) must never make an order.
      if (pending.provider !== payments.name) return { status: 'unknown-session' };
      const existing = await orderRepository.findOrderByCheckout(pending.id);
      if (existing) return { status: 'placed', checkout: pending, order: existing, created: false };
      if (!knownPaid && !pending.paidAt && (!pending.sessionId || !(await isPaid(pending.sessionId))))
        return { status: 'unpaid', checkout: pending };

      let soldOut = false;
      let unfilled: RefundRecord | undefined;
      const placed = await unitOfWork(async (tx, queueMail) => {
        const result = await orderRepository.placeOrder(pending.id, tx, { onlyWhileHeld });
        if ('refused' in result) return result;
        // Paid after its checkout gave the stock back (a Stripe payment that outlived the sweep): the packs are taken
        // again if every one is still there; if not, the order is cancelled and refunded at once, never oversold.
        if (result.stockGivenBack) {
          const taken = await productRepository.takeStock(stockLines(pending.lines), tx, pending.id);
          soldOut = taken.soldOut;
          if (taken.short) {
            const order = await refundRepository.lockForRefund(result.order.id, tx);
            if (!order) throw new Error(`order ${result.order.id} lost its row`);
            unfilled = await refunds.cancelInside(tx, queueMail, order, {
              reason: refundMessages.soldOutWhilePaying,
              restock: false,
              actor: SHOP_ACTOR,
            });
            log.warn({ checkoutId: pending.id, orderId: result.order.id }, 'paid after its stock was sold: refunded');
            return result;
          }
        }
        if (result.created)
          await queueMail(
            orderConfirmationMail({
              to: result.order.email,
              orderNumber: formatOrderNumber(result.order.orderNumber),
              lines: result.order.lines,
              subtotalPence: result.order.subtotalPence,
              discountPence: result.order.discountPence,
              deliveryPence: result.order.deliveryPence,
              promoCode: result.order.promoCode,
              totalPence: result.order.totalPence,
              shippingAddress: result.order.shippingAddress,
            }),
          );
        return result;
      });
      await stockShown(soldOut);
      if ('refused' in placed) return { status: 'stock-given-back', checkout: pending };
      if (unfilled) await refundSettlement.settle(unfilled);
      if (placed.created)
        log.info(
          { orderId: placed.order.id, orderNumber: placed.order.orderNumber, checkoutId: pending.id },
          'order placed',
        );
      const order = unfilled ? ((await orderRepository.findOrderByCheckout(pending.id)) ?? placed.order) : placed.order;
      return { status: 'placed', checkout: pending, order, created: placed.created };
    },

    async verify(sessionId, customer) {
      const pending = await found(sessionId);
      // A customer's checkout answers their name, phone and address: only to them, and decided before the provider
      // is asked anything (docs/api.md, Checkout and payment). A guest's is read by its unguessable id alone.
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
  };
  return checkout;
}
