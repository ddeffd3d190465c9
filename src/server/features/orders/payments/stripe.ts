/**
 * The Stripe payment provider (PAYMENT_PROVIDER=stripe): a hosted Checkout Session per pending checkout, paid
 * state read back from Stripe, and the webhook's signed events read into what the orders routes act on
 * (decision 038).
 */
import Stripe from 'stripe';
import { CHECKOUT_HOLD_MS } from '#shared/constants';
import type { StripeSettings } from '../../../config.ts';
import type { CheckoutForPayment, PaymentProvider, PaymentSession } from './provider.ts';
import { createStripeRefunds, type ProviderRefund, toProviderRefund } from './stripe-refunds.ts';

/** What a webhook delivery means for orders. */
export type WebhookOutcome =
  | { type: 'checkout-paid'; sessionId: string; checkoutId: string | undefined }
  | { type: 'checkout-expired'; sessionId: string; checkoutId: string | undefined }
  /** A refund was made or changed (by the shop, or in Stripe's dashboard). */
  | { type: 'refund-changed'; refund: ProviderRefund }
  /** A payment's charge was refunded, perhaps in Stripe's dashboard: its refunds are read back from Stripe. */
  | { type: 'charge-refunded'; paymentIntent: string }
  | { type: 'ignored'; eventType: string }
  | { type: 'invalid-signature' };

export interface StripePaymentProvider extends PaymentProvider {
  readonly name: 'stripe';
  /**
   * Verifies a webhook delivery's `Stripe-Signature` against the raw request body, exactly as received (a
   * re-serialised JSON body no longer matches), and says what it means.
   */
  readWebhookEvent(rawBody: Buffer | string, signatureHeader: string | undefined): WebhookOutcome;
  /** Every refund Stripe holds for a payment. */
  refundsOfPayment(paymentIntent: string): Promise<ProviderRefund[]>;
  /** The Checkout Session that took a payment, if any. */
  sessionOfPayment(paymentIntent: string): Promise<string | undefined>;
}

export interface StripeProviderOptions {
  settings: StripeSettings;
  /** The shop's origin, without a trailing slash: Stripe sends the shopper back to its /success and /cancel. */
  publicUrl: string;
}

/** Long enough for Stripe on a bad day, short enough that a shopper's request does not hang on a dead network. */
const REQUEST_TIMEOUT_MS = 15_000;
/** The SDK retries network failures and 5xx answers; the idempotency key makes a retried create safe. */
const MAX_NETWORK_RETRIES = 2;

/** Stripe's Checkout Session ids: cs_test_… or cs_live_…, letters and digits. */
const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]+$/;

export function createStripeProvider({ settings, publicUrl }: StripeProviderOptions): StripePaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...apiBaseOptions(settings.apiBase),
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: REQUEST_TIMEOUT_MS,
    appInfo: { name: 'Roast & Co.' },
  });
  const origin = publicUrl.replace(/\/$/, '');

  return {
    name: 'stripe',
    ...createStripeRefunds(stripe),

    async createSession(checkout: CheckoutForPayment): Promise<PaymentSession> {
      const items = stripeLineItems(checkout.lines);
      const itemsTotal = items.reduce((sum, item) => sum + item.unitPence * item.quantity, 0);
      if (itemsTotal + checkout.deliveryPence !== checkout.amountPence) {
        // The server priced both: a difference is our bug, and Stripe would charge the lines, not the amount.
        throw new Error(
          `Checkout ${checkout.checkoutId}: lines and delivery add up to ${itemsTotal + checkout.deliveryPence} pence but the amount is ${checkout.amountPence}`,
        );
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          currency: 'gbp',
          line_items: items.map((item) => ({
            quantity: item.quantity,
            price_data: {
              currency: 'gbp',
              unit_amount: item.unitPence,
              // Shop prices include VAT: Stripe must not add tax on top.
              tax_behavior: 'inclusive',
              product_data: { name: item.name },
            },
          })),
          ...(checkout.deliveryPence > 0
            ? {
                shipping_options: [
                  {
                    shipping_rate_data: {
                      type: 'fixed_amount' as const,
                      fixed_amount: { amount: checkout.deliveryPence, currency: 'gbp' },
                      display_name: 'Delivery',
                      tax_behavior: 'inclusive' as const,
                    },
                  },
                ],
              }
            : {}),
          customer_email: checkout.email,
          // Stripe replaces {CHECKOUT_SESSION_ID} itself when it sends the shopper back.
          success_url: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}/cancel`,
          client_reference_id: checkout.checkoutId,
          // A minute after the checkout's stock hold ends (Stripe's shortest is 30 minutes), so no payment comes after
          // the hold's sweep has given the stock back.
          expires_at: Math.ceil((Date.now() + CHECKOUT_HOLD_MS + 60_000) / 1000),
          metadata: { checkoutId: checkout.checkoutId },
        },
        // One session per pending checkout, however often the request is retried (by the SDK or by us).
        { idempotencyKey: `checkout-session-${checkout.checkoutId}` },
      );
      if (!session.url) throw new Error(`Stripe answered session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },

    async isPaid(sessionId: string): Promise<boolean> {
      // A shopper's browser supplies the id: one that cannot be a session is unknown without asking Stripe.
      if (!SESSION_ID.test(sessionId)) return false;
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return session.payment_status === 'paid';
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return false;
        throw error;
      }
    },

    readWebhookEvent(rawBody: Buffer | string, signatureHeader: string | undefined): WebhookOutcome {
      if (!signatureHeader) return { type: 'invalid-signature' };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, settings.webhookSecret);
      } catch {
        // NOTE: not only StripeSignatureVerificationError: a header with an empty or bare `v1` makes the SDK throw a
        // plain Error (its secureCompare wants two values). constructEvent reads nothing but the header and body it
        // is given, so whatever it throws is about them: a bad request, never the shop's failure.
        return { type: 'invalid-signature' };
      }
      switch (event.type) {
        case 'checkout.session.completed':
          // Completed but unpaid: a delayed method (e.g. Bacs Direct Debit) whose money has not arrived yet;
          // checkout.session.async_payment_succeeded follows when it does.
          if (event.data.object.payment_status !== 'paid') return { type: 'ignored', eventType: event.type };
          return paid(event.data.object);
        case 'checkout.session.async_payment_succeeded':
          return paid(event.data.object);
        case 'checkout.session.expired': {
          const session = event.data.object;
          return { type: 'checkout-expired', sessionId: session.id, checkoutId: checkoutIdOf(session) };
        }
        case 'refund.created':
        case 'refund.updated':
        case 'refund.failed':
          return { type: 'refund-changed', refund: toProviderRefund(event.data.object) };
        case 'charge.refunded': {
          const { payment_intent: paymentIntent } = event.data.object;
          const id = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
          return id ? { type: 'charge-refunded', paymentIntent: id } : { type: 'ignored', eventType: event.type };
        }
        default:
          return { type: 'ignored', eventType: event.type };
      }
    },
  };
}

function paid(session: Stripe.Checkout.Session): WebhookOutcome {
  return {
    type: 'checkout-paid',
    sessionId: session.id,
    checkoutId: checkoutIdOf(session),
  };
}

const checkoutIdOf = (session: Stripe.Checkout.Session) =>
  session.metadata?.checkoutId ?? session.client_reference_id ?? undefined;

/** The SDK takes host, port and protocol, not a URL: STRIPE_API_BASE split into them (unset: Stripe's own API). */
function apiBaseOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (apiBase === undefined) return {};
  const url = new URL(apiBase);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`STRIPE_API_BASE must be an http or https URL, not ${apiBase}`);
  if (url.pathname !== '/' || url.search || url.hash)
    throw new Error(`STRIPE_API_BASE must be an origin (the SDK adds /v1/…), not ${apiBase}`);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
    protocol,
  };
}

/**
 * The session's items: each line at its price after its share of the discount (decision 096). A line whose
 * discounted total does not divide by its packs is one item of quantity 1 named with the count ('2 × Cashews (500g)'),
 * so Stripe charges exactly what the checkout does, never a penny rounded per pack.
 */
export function stripeLineItems(
  lines: CheckoutForPayment['lines'],
): { name: string; quantity: number; unitPence: number }[] {
  return lines.map((line) => {
    const name = `${line.name} (${line.selectedWeight})`;
    const totalPence = line.unitPricePence * line.qty - (line.discountPence ?? 0);
    return totalPence % line.qty === 0
      ? { name, quantity: line.qty, unitPence: totalPence / line.qty }
      : { name: `${line.qty} × ${name}`, quantity: 1, unitPence: totalPence };
  });
}
