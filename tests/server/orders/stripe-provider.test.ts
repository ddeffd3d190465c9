import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSettings } from '#server/config';
import type { CheckoutForPayment } from '#server/features/orders/payments/provider';
import { createStripeProvider, type StripePaymentProvider } from '#server/features/orders/payments/stripe';
import {
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
  startStripeStandIn,
} from '#tests/stripe-stand-in';

const PUBLIC_URL = 'https://shop.example';

let standIn: StripeStandIn;
let provider: StripePaymentProvider;

function settings(overrides: Partial<StripeSettings> = {}): StripeSettings {
  return {
    secretKey: standIn.secretKey,
    publishableKey: STAND_IN_PUBLISHABLE_KEY,
    webhookSecret: STAND_IN_WEBHOOK_SECRET,
    apiBase: standIn.url,
    ...overrides,
  };
}

function checkout(overrides: Partial<CheckoutForPayment> = {}): CheckoutForPayment {
  return {
    checkoutId: randomUUID(),
    lines: [
      { name: 'Roasted Almonds', selectedWeight: '250g', qty: 2, unitPricePence: 419, vatRate: 20 },
      { name: 'Pumpkin Seeds', selectedWeight: '500g', qty: 1, unitPricePence: 350, vatRate: 0 },
    ],
    amountPence: 2 * 419 + 350,
    deliveryPence: 0,
    email: 'shopper@example.com',
    ...overrides,
  };
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  provider = createStripeProvider({ settings: settings(), publicUrl: PUBLIC_URL });
});

/** The stand-in's record of the session made for `sessionId`. */
function created(sessionId: string) {
  const record = standIn.sessions.find((each) => each.session.id === sessionId);
  if (!record) throw new Error(`No session ${sessionId} at the stand-in`);
  return record;
}

describe('createSession', () => {
  it('makes a GBP Checkout Session with VAT-inclusive line prices, the return URLs, the e-mail and the checkout id', async () => {
    const order = checkout();
    const session = await provider.createSession(order);

    const { session: made, lineItems, form } = created(session.sessionId);
    expect(session).toEqual({ sessionId: made.id, url: made.url });
    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(made.mode).toBe('payment');
    expect(made.currency).toBe('gbp');
    expect(made.amount_total).toBe(1188);
    expect(lineItems).toEqual([
      { name: 'Roasted Almonds (250g)', currency: 'gbp', unitAmount: 419, taxBehavior: 'inclusive', quantity: 2 },
      { name: 'Pumpkin Seeds (500g)', currency: 'gbp', unitAmount: 350, taxBehavior: 'inclusive', quantity: 1 },
    ]);
    // Stripe fills in the literal {CHECKOUT_SESSION_ID} itself when it sends the shopper back.
    expect(made.success_url).toBe('https://shop.example/success?session_id={CHECKOUT_SESSION_ID}');
    expect(made.cancel_url).toBe('https://shop.example/cancel');
    expect(made.customer_email).toBe('shopper@example.com');
    expect(made.metadata).toEqual({ checkoutId: order.checkoutId });
    expect(made.client_reference_id).toBe(order.checkoutId);
    expect(form['line_items[0][price_data][unit_amount]']).toBe('419');
  });

  it('makes one session for one checkout, however often it is asked', async () => {
    const order = checkout();
    const first = await provider.createSession(order);
    const again = await createStripeProvider({ settings: settings(), publicUrl: PUBLIC_URL }).createSession(order);

    expect(again).toEqual(first);
    expect(standIn.sessions.filter((each) => each.session.metadata.checkoutId === order.checkoutId)).toHaveLength(1);
    expect(created(first.sessionId).idempotencyKey).toContain(order.checkoutId);

    const other = await provider.createSession(checkout());
    expect(other.sessionId).not.toBe(first.sessionId);
  });

  it('refuses a checkout whose lines do not add up to its amount, before asking Stripe', async () => {
    const requestsBefore = standIn.requests.length;
    await expect(provider.createSession(checkout({ amountPence: 1187 }))).rejects.toThrow(/1188 pence.*1187/);
    expect(standIn.requests.length).toBe(requestsBefore);
  });

  it('passes on Stripe refusing the secret key', async () => {
    const wrongKey = createStripeProvider({
      settings: settings({ secretKey: 'sk_test_wrong' }),
      publicUrl: PUBLIC_URL,
    });
    await expect(wrongKey.createSession(checkout())).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
  });
});

describe('isPaid', () => {
  it('is false until the shopper pays, then true', async () => {
    const { sessionId } = await provider.createSession(checkout());
    expect(await provider.isPaid(sessionId)).toBe(false);
    standIn.pay(sessionId);
    expect(await provider.isPaid(sessionId)).toBe(true);
  });

  it('is false for a session Stripe does not know, and for an id that cannot be a session', async () => {
    expect(await provider.isPaid('cs_test_unknown0123456789')).toBe(false);
    const requestsBefore = standIn.requests.length;
    expect(await provider.isPaid('../v1/customers')).toBe(false);
    expect(await provider.isPaid('')).toBe(false);
    expect(standIn.requests.length).toBe(requestsBefore);
  });

  it('passes on other failures rather than calling a session unpaid', async () => {
    const { sessionId } = await provider.createSession(checkout());
    const wrongKey = createStripeProvider({
      settings: settings({ secretKey: 'sk_test_wrong' }),
      publicUrl: PUBLIC_URL,
    });
    await expect(wrongKey.isPaid(sessionId)).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
  });
});

describe('readWebhookEvent', () => {
  async function paidSession() {
    const order = checkout();
    const { sessionId } = await provider.createSession(order);
    standIn.pay(sessionId);
    return { sessionId, checkoutId: order.checkoutId };
  }

  it('reads a signed checkout.session.completed for a paid session as checkout-paid', async () => {
    const { sessionId, checkoutId } = await paidSession();
    const { payload, signature } = standIn.signedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET });

    expect(provider.readWebhookEvent(Buffer.from(payload), signature)).toEqual({
      type: 'checkout-paid',
      sessionId,
      checkoutId,
    });
    expect(provider.readWebhookEvent(payload, signature)).toMatchObject({ type: 'checkout-paid' });
  });

  it('reads checkout.session.async_payment_succeeded as checkout-paid', async () => {
    const { sessionId, checkoutId } = await paidSession();
    const { payload, signature } = standIn.signedEvent(sessionId, {
      type: 'checkout.session.async_payment_succeeded',
      secret: STAND_IN_WEBHOOK_SECRET,
    });
    expect(provider.readWebhookEvent(payload, signature)).toEqual({ type: 'checkout-paid', sessionId, checkoutId });
  });

  it('ignores a completed session whose money has not arrived (a delayed payment method)', async () => {
    const { sessionId } = await provider.createSession(checkout());
    const { payload, signature } = standIn.signedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET });
    expect(provider.readWebhookEvent(payload, signature)).toEqual({
      type: 'ignored',
      eventType: 'checkout.session.completed',
    });
  });

  it('reads an expired session as its checkout to give stock back, and ignores other event types', async () => {
    const { sessionId } = await paidSession();
    const expired = standIn.signedEvent(sessionId, {
      type: 'checkout.session.expired',
      secret: STAND_IN_WEBHOOK_SECRET,
    });
    expect(provider.readWebhookEvent(expired.payload, expired.signature)).toMatchObject({
      type: 'checkout-expired',
      sessionId,
    });
    const other = standIn.signedEvent(sessionId, { type: 'payment_intent.created', secret: STAND_IN_WEBHOOK_SECRET });
    expect(provider.readWebhookEvent(other.payload, other.signature)).toEqual({
      type: 'ignored',
      eventType: 'payment_intent.created',
    });
  });

  it('refuses a tampered body, another secret, and a missing or garbled signature', async () => {
    const { sessionId } = await paidSession();
    const { payload, signature } = standIn.signedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET });
    const tampered = payload.replace(sessionId, `${sessionId.slice(0, -1)}x`);
    expect(tampered).not.toBe(payload);
    expect(provider.readWebhookEvent(tampered, signature)).toEqual({ type: 'invalid-signature' });
    // The same event re-serialised (as a JSON body parser would hand it on) is not the signed bytes.
    expect(provider.readWebhookEvent(JSON.stringify(JSON.parse(payload), null, 1), signature)).toEqual({
      type: 'invalid-signature',
    });

    const otherSecret = standIn.signedEvent(sessionId, { secret: 'whsec_someone_else' });
    expect(provider.readWebhookEvent(otherSecret.payload, otherSecret.signature)).toEqual({
      type: 'invalid-signature',
    });
    expect(provider.readWebhookEvent(payload, undefined)).toEqual({ type: 'invalid-signature' });
    expect(provider.readWebhookEvent(payload, 'nonsense')).toEqual({ type: 'invalid-signature' });
  });
});

describe('STRIPE_API_BASE', () => {
  it('must be an http or https origin', () => {
    for (const apiBase of ['ftp://127.0.0.1:21', 'http://127.0.0.1:1234/v1', 'not a url'])
      expect(() => createStripeProvider({ settings: settings({ apiBase }), publicUrl: PUBLIC_URL })).toThrow();
  });
});
