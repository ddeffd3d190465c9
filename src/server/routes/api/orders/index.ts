/**
 * Checkout and orders (spec §7, contract §3 and §4): start a payment, verify it, place the order (customer or
 * guest), list a customer's orders, and which provider takes payments. Every amount comes from the database;
 * what a browser sends is only compared with it (decision 039).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, type ApiError } from '#shared/schemas/error';
import {
  CheckoutSessionAnswerSchema,
  CreateCheckoutBodySchema,
  checkoutMessages,
  OrderListSchema,
  OrderSchema,
  PaymentConfigSchema,
  PlaceOrderBodySchema,
  SessionParamsSchema,
  VerifyPaymentAnswerSchema,
  type PlaceOrderBody,
} from '#shared/schemas/order';
import type { Config } from '../../../config.ts';
import { matchesCheckout, toWireOrder } from '../../../plugins/app/checkout.ts';
import type { CheckoutRecord } from '../../../plugins/app/order-repository.ts';

export const orderMessages = {
  productGone: 'We no longer sell one of the products in your cart. Please review your cart.',
  weightGone: (productName: string) =>
    `${productName} is no longer sold in the weight in your cart. Please review your cart.`,
  providerUnavailable: 'We could not reach the payment provider. Nothing was charged. Please try again in a moment.',
  unknownSession: 'We could not find that payment. Please check your cart and try again.',
  unpaid: 'This payment has not been completed.',
  otherCustomer: 'This payment belongs to another account.',
  customerCheckout: 'This payment was made from a customer account. Please log in to see the order.',
  guestEmailMismatch: 'This e-mail address does not match the one given at checkout.',
  badSignature: 'The webhook signature could not be verified.',
} as const;

/** Limits per 15 minutes before RATE_LIMIT_FACTOR: enough for a shopper who changes their mind many times. */
export const checkoutAttemptLimits = { perAddress: 60, perAccount: 30 };
/**
 * Limits per 15 minutes before RATE_LIMIT_FACTOR on the calls that may ask the payment provider, the verify call and
 * the order calls (each counted apart): /success verifies and orders once per visit, /order-confirmation verifies
 * once more, so these leave a shopper many reloads (decision 045).
 */
export const paymentCallLimits = { perAddress: 120, perSession: 30 };
const WINDOW_MS = 15 * 60_000;

export interface OrderRoutesOptions {
  config: Pick<Config, 'paymentProvider' | 'stripe'>;
}

const ordersRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, { config }) => {
  app.removeContentTypeParser('text/plain');

  const error = (reply: FastifyReply, status: number, message: string, field?: string) =>
    reply.code(status).send({ message, ...(field ? { errors: [{ field, message }] } : {}) } satisfies ApiError);

  /** A bearer token makes the shopper a customer (and a bad one answers 401); without one they are a guest. */
  const customerIfLoggedIn = app.identifyCustomer;

  // Keyed on what the caller controls, its address and, for a customer, the account; never on the e-mail typed
  // in the address, which would let anyone block a shopper's checkout by naming their e-mail.
  const limitCheckouts = app.attemptLimit({
    name: 'checkout',
    perAddress: { max: checkoutAttemptLimits.perAddress, windowMs: WINDOW_MS },
    perAccount: { max: checkoutAttemptLimits.perAccount, windowMs: WINDOW_MS, key: (request) => request.customer?.id },
  });

  /** Per client address and per payment session, so nobody can spend the shop's rate limit at the provider. */
  const limitPaymentCalls = (name: string, sessionId: (request: FastifyRequest) => string) =>
    app.attemptLimit({
      name,
      perAddress: { max: paymentCallLimits.perAddress, windowMs: WINDOW_MS },
      perAccount: { max: paymentCallLimits.perSession, windowMs: WINDOW_MS, key: sessionId },
    });
  const limitVerifies = limitPaymentCalls(
    'verify-payment',
    (request) => (request.params as { sessionId: string }).sessionId,
  );
  const limitOrderCalls = limitPaymentCalls('place-order', (request) => (request.body as PlaceOrderBody).sessionId);

  app.get('/payment-config', { config: { cache: 'public' }, schema: { response: { 200: PaymentConfigSchema } } }, () =>
    config.paymentProvider === 'stripe' && config.stripe
      ? { provider: 'stripe' as const, publishableKey: config.stripe.publishableKey }
      : { provider: 'local' as const },
  );

  app.post(
    '/create-stripe-session',
    {
      schema: {
        body: CreateCheckoutBodySchema,
        response: { 200: CheckoutSessionAnswerSchema, '4xx': ApiErrorSchema, 503: ApiErrorSchema },
      },
      onRequest: customerIfLoggedIn,
      preHandler: limitCheckouts,
    },
    async (request, reply) => {
      const { orderItems, shippingAddress, totalPrice } = request.body;
      const result = await app.checkout.start({
        items: orderItems,
        shippingAddress,
        totalPrice,
        customer: request.customer,
      });
      switch (result.status) {
        case 'started':
          return { url: result.url, id: result.sessionId };
        case 'unknown-product':
          return error(reply, 400, orderMessages.productGone, `orderItems.${result.index}._id`);
        case 'unknown-weight':
          return error(
            reply,
            400,
            orderMessages.weightGone(result.productName),
            `orderItems.${result.index}.selectedWeight`,
          );
        case 'price-changed':
          return error(reply, 409, checkoutMessages.reviewCart);
        case 'provider-unavailable':
          return error(reply, 503, orderMessages.providerUnavailable);
      }
    },
  );

  app.get(
    '/verify-stripe/:sessionId',
    {
      schema: { params: SessionParamsSchema, response: { 200: VerifyPaymentAnswerSchema, '4xx': ApiErrorSchema } },
      onRequest: customerIfLoggedIn,
      preHandler: limitVerifies,
    },
    async (request, reply) => {
      const checkout = await app.checkout.find(request.params.sessionId);
      if (!checkout) return error(reply, 404, orderMessages.unknownSession);
      // A customer's checkout answers their name, phone and address: only to them (contract §3), and decided
      // before the provider is asked anything. A guest's is read by its unguessable id alone.
      if (checkout.userId !== null && checkout.userId !== request.customer?.id)
        return error(reply, 403, request.customer ? orderMessages.otherCustomer : orderMessages.customerCheckout);
      const result = await app.checkout.confirmCheckout(checkout);
      if (result.status === 'unknown-session') return error(reply, 404, orderMessages.unknownSession);
      if (result.status === 'unpaid') return error(reply, 409, orderMessages.unpaid);
      const order = toWireOrder(result.order);
      return {
        success: true as const,
        orderItems: order.orderItems,
        shippingAddress: order.shippingAddress,
        ...(order.guestEmail ? { guestEmail: order.guestEmail } : {}),
        totalPrice: order.totalPrice,
        order,
      };
    },
  );

  /**
   * The order calls' common path once the caller may claim the checkout: the body must name what was paid for,
   * and the order comes from the checkout; 201 when this call made it, 200 when it existed.
   */
  async function placeOrder(reply: FastifyReply, checkout: CheckoutRecord, body: PlaceOrderBody) {
    if (!matchesCheckout(checkout, body.orderItems, body.totalPrice))
      return error(reply, 409, checkoutMessages.orderMismatch);
    const result = await app.checkout.confirmCheckout(checkout);
    if (result.status === 'unknown-session') return error(reply, 404, orderMessages.unknownSession);
    if (result.status === 'unpaid') return error(reply, 409, orderMessages.unpaid);
    return reply.code(result.created ? 201 : 200).send(toWireOrder(result.order));
  }

  const orderResponse = { 200: OrderSchema, 201: OrderSchema, '4xx': ApiErrorSchema };

  app.post(
    '/',
    {
      schema: { body: PlaceOrderBodySchema, response: orderResponse },
      onRequest: app.requireCustomer,
      preHandler: limitOrderCalls,
    },
    async (request, reply) => {
      // requireCustomer has answered 401 unless a customer is set.
      const customer = request.customer!;
      const checkout = await app.checkout.find(request.body.sessionId);
      if (!checkout) return error(reply, 404, orderMessages.unknownSession);
      // A customer's own checkout, or a guest checkout with their verified address (they logged in while paying).
      const theirs =
        checkout.userId === null ? checkout.guestEmail === customer.email : checkout.userId === customer.id;
      if (!theirs) return error(reply, 403, orderMessages.otherCustomer);
      return placeOrder(reply, checkout, request.body);
    },
  );

  app.post(
    '/guest-order',
    { schema: { body: PlaceOrderBodySchema, response: orderResponse }, preHandler: limitOrderCalls },
    async (request, reply) => {
      const checkout = await app.checkout.find(request.body.sessionId);
      if (!checkout) return error(reply, 404, orderMessages.unknownSession);
      // A guest cannot put an order on a customer's account, nor claim a customer's payment.
      if (checkout.userId !== null) return error(reply, 403, orderMessages.customerCheckout);
      const { guestEmail } = request.body;
      if (guestEmail !== undefined && guestEmail !== checkout.guestEmail)
        return error(reply, 409, orderMessages.guestEmailMismatch, 'guestEmail');
      return placeOrder(reply, checkout, request.body);
    },
  );

  const stripe = app.stripePayments;
  if (stripe) {
    // The signature covers the body's exact bytes, so this route reads them raw; the scope keeps the parser here.
    await app.register(async (webhook) => {
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      webhook.post('/stripe-webhook', { bodyLimit: 512 * 1024 }, async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        const outcome = stripe.readWebhookEvent(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        if (outcome.type === 'invalid-signature') return error(reply, 400, orderMessages.badSignature);
        if (outcome.type === 'ignored') return { received: true };
        const result = await app.checkout.confirm(outcome.sessionId, { knownPaid: true });
        // Stripe may tell us of sessions this shop did not make (another integration on the same account).
        if (result.status === 'unknown-session')
          request.log.warn({ sessionId: outcome.sessionId }, 'webhook for a payment session this shop does not know');
        return { received: true };
      });
    });
  }

  app.get(
    '/my-orders',
    { schema: { response: { 200: OrderListSchema, '4xx': ApiErrorSchema } }, onRequest: app.requireCustomer },
    async (request) => {
      const orders = await app.orderRepository.listForCustomer(request.customer!);
      return orders.map(toWireOrder);
    },
  );
};

export default ordersRoutes;
