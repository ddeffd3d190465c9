/**
 * Checkout and orders (docs/api.md, Checkout and payment; Orders): start a payment, verify it, place the order
 * (customer or guest), list a customer's orders and show one, and which provider takes payments. Every amount comes from the database;
 * what a browser sends is only compared with it (decision 039). Each route parses, counts, and calls the service.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderIdParamsSchema } from '#shared/schemas/admin';
import { ApiErrorSchema } from '#shared/schemas/error';
import {
  CheckoutSessionAnswerSchema,
  CreateCheckoutBodySchema,
  OrderDetailSchema,
  OrderListSchema,
  OrderSchema,
  PaymentConfigSchema,
  PlaceOrderBodySchema,
  SessionParamsSchema,
  VerifyPaymentAnswerSchema,
  type PlaceOrderBody,
} from '#shared/schemas/order';
import type { Config } from '../../config.ts';
import { clientAddress } from '../../lib/client-address.ts';
import { registerStripeWebhook } from './stripe-webhook.ts';
import { checkoutFromWire, orderClaimFromWire, toOrderDetail, toWireOrder } from './wire.ts';

/**
 * Limits on starting checkouts before RATE_LIMIT_FACTOR (decision 104): per 15 minutes, room for a shopper who goes
 * back to the cart and pays again many times (a declined card, a changed mind); per day, a ceiling a script meets
 * long before it has made hundreds. What the checkouts may hold is bounded apart (MAX_HELD_PER_CLIENT).
 */
export const checkoutAttemptLimits = { perAddress: 30, perAccount: 20 };
export const checkoutDailyLimits = { perAddress: 100, perAccount: 60 };
const DAY_MS = 24 * 60 * 60_000;
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
  const { checkout } = app;

  // Keyed on what the caller controls, its address and, for a customer, the account; never on the e-mail typed
  // in the address, which would let anyone block a shopper's checkout by naming their e-mail.
  const limitCheckouts = app.attemptLimit({
    name: 'checkout',
    perAddress: { max: checkoutAttemptLimits.perAddress, windowMs: WINDOW_MS },
    perAccount: { max: checkoutAttemptLimits.perAccount, windowMs: WINDOW_MS, key: (request) => request.customer?.id },
  });

  const limitCheckoutsPerDay = app.attemptLimit({
    name: 'checkout-day',
    perAddress: { max: checkoutDailyLimits.perAddress, windowMs: DAY_MS },
    perAccount: { max: checkoutDailyLimits.perAccount, windowMs: DAY_MS, key: (request) => request.customer?.id },
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

  app.get(
    '/payment-config',
    { config: { cache: 'public' }, schema: { response: { 200: PaymentConfigSchema, '4xx': ApiErrorSchema } } },
    () =>
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
      // A bearer token makes the shopper a customer (and a bad one answers 401); without one they are a guest.
      onRequest: app.identifyCustomer,
      preHandler: [limitCheckouts, limitCheckoutsPerDay],
    },
    async (request) => {
      const session = await checkout.start({
        ...checkoutFromWire(request.body),
        customer: request.customer,
        clientAddress: clientAddress(request.ip),
      });
      return { url: session.url, id: session.sessionId };
    },
  );

  app.get(
    '/verify-stripe/:sessionId',
    {
      schema: { params: SessionParamsSchema, response: { 200: VerifyPaymentAnswerSchema, '4xx': ApiErrorSchema } },
      onRequest: app.identifyCustomer,
      preHandler: limitVerifies,
    },
    async (request) => {
      const order = toWireOrder(await checkout.verify(request.params.sessionId, request.customer));
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

  const orderResponse = { 200: OrderSchema, 201: OrderSchema, '4xx': ApiErrorSchema };

  // 201 when the call made the order, 200 when it existed.
  app.post(
    '/',
    {
      schema: { body: PlaceOrderBodySchema, response: orderResponse },
      onRequest: app.requireCustomer,
      preHandler: limitOrderCalls,
    },
    async (request, reply) => {
      // requireCustomer has answered 401 unless a customer is set.
      const placed = await checkout.placeCustomerOrder(request.customer!, orderClaimFromWire(request.body));
      return reply.code(placed.created ? 201 : 200).send(toWireOrder(placed.order));
    },
  );

  app.post(
    '/guest-order',
    { schema: { body: PlaceOrderBodySchema, response: orderResponse }, preHandler: limitOrderCalls },
    async (request, reply) => {
      const placed = await checkout.placeGuestOrder({
        ...orderClaimFromWire(request.body),
        guestEmail: request.body.guestEmail,
      });
      return reply.code(placed.created ? 201 : 200).send(toWireOrder(placed.order));
    },
  );

  if (app.stripePayments) await registerStripeWebhook(app, app.stripePayments);

  app.get(
    '/my-orders',
    { schema: { response: { 200: OrderListSchema, '4xx': ApiErrorSchema } }, onRequest: app.requireCustomer },
    async (request) => (await checkout.ordersOf(request.customer!)).map(toWireOrder),
  );

  app.get(
    '/:id',
    {
      schema: { params: OrderIdParamsSchema, response: { 200: OrderDetailSchema, '4xx': ApiErrorSchema } },
      onRequest: app.requireCustomer,
    },
    async (request) => {
      const { order, history } = await app.customerOrders.find(request.customer!, request.params.id);
      return toOrderDetail(order, history);
    },
  );
};

export default ordersRoutes;
