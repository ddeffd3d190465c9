/**
 * The Stripe stand-in's refunds, driven by the real `stripe` SDK as the shop drives them: refunds.create with an
 * idempotency key, retrieve and list, the Checkout Sessions list by payment intent, the test controls (outcomes,
 * settling, dashboard refunds, held answers) and the signed refund and charge webhooks. No shop app is needed.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAND_IN_WEBHOOK_SECRET, type StripeStandIn, startStripeStandIn } from '#tests/stripe-stand-in';

let standIn: StripeStandIn;
let stripe: Stripe;

function client(target: StripeStandIn): Stripe {
  const { port } = new URL(target.url);
  // No retries: a test must see each answer the stand-in gives, not the SDK's second try.
  return new Stripe(target.secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = client(standIn);
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.refundOutcome('succeeded');
  standIn.releaseRefundAnswers();
});

/** A paid session of `amountPence` on `target`, as the shop's checkout makes one and the shopper pays it. */
async function paidSession(amountPence: number, target = standIn, sdk = stripe) {
  const session = await sdk.checkout.sessions.create({
    mode: 'payment',
    currency: 'gbp',
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'gbp', unit_amount: amountPence, product_data: { name: 'Roasted Almonds (250g)' } },
      },
    ],
    success_url: 'https://shop.example/success',
    cancel_url: 'https://shop.example/cancel',
  });
  target.pay(session.id);
  const paid = await sdk.checkout.sessions.retrieve(session.id);
  return { sessionId: session.id, paymentIntent: paid.payment_intent as string };
}

function refundOf(paymentIntent: string, amount?: number, idempotencyKey = randomUUID()) {
  const metadata = { refundId: idempotencyKey, orderNumber: 'RC-1001' };
  return stripe.refunds.create({ payment_intent: paymentIntent, amount, metadata }, { idempotencyKey });
}

/** Whether `promise` is still unsettled after a moment in which an answer on loopback would have come. */
async function stillWaiting(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('waiting');
  const result = await Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((resolve) => setTimeout(() => resolve(marker), 200)),
  ]);
  return result === marker;
}

describe('POST /v1/refunds', () => {
  it('refunds everything not yet refunded when no amount is given, and records the call', async () => {
    const { paymentIntent } = await paidSession(1188);
    const requestsBefore = standIn.refundRequests();
    const key = randomUUID();

    const refund = await refundOf(paymentIntent, undefined, key);

    expect(refund).toMatchObject({
      object: 'refund',
      amount: 1188,
      currency: 'gbp',
      payment_intent: paymentIntent,
      status: 'succeeded',
      failure_reason: null,
      metadata: { refundId: key, orderNumber: 'RC-1001' },
      reason: null,
    });
    expect(refund.id).toMatch(/^re_test_/);
    expect(refund.charge).toMatch(/^ch_test_/);
    expect(refund.created).toBeCloseTo(Date.now() / 1000, -1);
    expect(standIn.refundRequests()).toBe(requestsBefore + 1);
    expect(standIn.requests.at(-1)).toEqual({ method: 'POST', path: '/v1/refunds' });
    const made = standIn.refunds.at(-1)!;
    expect(made.refund).toEqual(JSON.parse(JSON.stringify(refund)));
    expect(made.idempotencyKey).toBe(key);
    expect(made.form).toEqual({
      payment_intent: paymentIntent,
      'metadata[refundId]': key,
      'metadata[orderNumber]': 'RC-1001',
    });
  });

  it('refunds part after part, refusing more than is left (amount_too_large) and anything once all is refunded', async () => {
    const { paymentIntent } = await paidSession(1000);

    const first = await refundOf(paymentIntent, 400);
    const second = await refundOf(paymentIntent, 250);
    expect([first.amount, second.amount]).toEqual([400, 250]);
    expect(second.charge).toBe(first.charge);

    await expect(refundOf(paymentIntent, 351)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount',
      message: 'Refund amount (£3.51) is greater than unrefunded amount on charge (£3.50)',
    });
    expect((await refundOf(paymentIntent)).amount).toBe(350);
    await expect(refundOf(paymentIntent, 1)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'charge_already_refunded',
      message: `Charge ${first.charge} has already been refunded.`,
    });
    expect(standIn.refunds.filter(({ refund }) => refund.payment_intent === paymentIntent)).toHaveLength(3);
  });

  it('refuses a payment intent of no paid session, and amounts that are not whole positive pence', async () => {
    await expect(refundOf('pi_test_nobody')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'resource_missing',
      param: 'payment_intent',
      message: "No such payment_intent: 'pi_test_nobody'",
    });
    const { paymentIntent } = await paidSession(500);
    await expect(refundOf(paymentIntent, 0)).rejects.toMatchObject({ statusCode: 400, param: 'amount' });
    await expect(
      stripe.refunds.create({ payment_intent: paymentIntent, charge: 'ch_test_other' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'charge' });
    expect(standIn.refunds.some(({ refund }) => refund.payment_intent === paymentIntent)).toBe(false);
  });

  it('replays the first answer to a key with the same body, and refuses the key with another body or endpoint', async () => {
    const { paymentIntent } = await paidSession(900);
    const key = randomUUID();
    standIn.refundOutcome('pending');
    const first = await refundOf(paymentIntent, 300, key);
    standIn.settleRefund(first.id, 'succeeded');

    const again = await refundOf(paymentIntent, 300, key);
    // Stripe keeps the answer as it was made: the replay still says pending.
    expect(again).toEqual(first);
    expect(standIn.refunds.filter(({ refund }) => refund.payment_intent === paymentIntent)).toHaveLength(1);

    await expect(refundOf(paymentIntent, 301, key)).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
    await expect(
      stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            { quantity: 1, price_data: { currency: 'gbp', unit_amount: 100, product_data: { name: 'Dates' } } },
          ],
        },
        { idempotencyKey: key },
      ),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', message: expect.stringContaining('same endpoint') });
    expect(standIn.refunds.filter(({ refund }) => refund.payment_intent === paymentIntent)).toHaveLength(1);
  });

  it('never refunds more than was paid, however many requests arrive at once', async () => {
    const { paymentIntent } = await paidSession(1000);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => refundOf(paymentIntent, 300)));
    const sameKey = randomUUID();
    const retries = await Promise.allSettled(Array.from({ length: 5 }, () => refundOf(paymentIntent, 100, sameKey)));

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    for (const result of results.filter((each) => each.status === 'rejected'))
      expect(result.reason).toMatchObject({ code: 'amount_too_large' });
    const ids = retries.map((result) => (result.status === 'fulfilled' ? result.value.id : result.reason));
    expect(new Set(ids).size).toBe(1);
    const made = standIn.refunds.filter(({ refund }) => refund.payment_intent === paymentIntent);
    expect(made.reduce((sum, { refund }) => sum + refund.amount, 0)).toBe(1000);
  });
});

describe('GET /v1/refunds', () => {
  it('retrieves a refund by id, and answers 404 resource_missing for one it does not know', async () => {
    const { paymentIntent } = await paidSession(700);
    const refund = await refundOf(paymentIntent, 200);
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
    await expect(stripe.refunds.retrieve('re_test_nobody')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such refund: 're_test_nobody'",
    });
  });

  it("lists a payment intent's refunds newest first, in Stripe's list shape", async () => {
    const { paymentIntent } = await paidSession(700);
    const other = await paidSession(700);
    const first = await refundOf(paymentIntent, 100);
    const second = await refundOf(paymentIntent, 200);
    await refundOf(other.paymentIntent, 300);
    const third = standIn.dashboardRefund(
      standIn.sessions.find(({ session }) => session.payment_intent === paymentIntent)!.session.id,
      50,
    );

    const list = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 10 });
    expect(list).toMatchObject({ object: 'list', url: '/v1/refunds', has_more: false });
    expect(list.data.map((refund) => refund.id)).toEqual([third.id, second.id, first.id]);
    expect(standIn.requests.at(-1)).toEqual({ method: 'GET', path: '/v1/refunds' });

    const page = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 2 });
    expect(page.has_more).toBe(true);
    expect(page.data.map((refund) => refund.id)).toEqual([third.id, second.id]);
    const all = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 1 }).autoPagingToArray({ limit: 10 });
    expect(all.map((refund) => refund.id)).toEqual([third.id, second.id, first.id]);
  });
});

describe('GET /v1/checkout/sessions', () => {
  it('lists the session holding a payment intent, and none for a payment intent nobody holds', async () => {
    const { sessionId, paymentIntent } = await paidSession(450);
    await paidSession(450);

    const list = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
    expect(list).toMatchObject({ object: 'list', url: '/v1/checkout/sessions', has_more: false });
    expect(list.data.map((session) => [session.id, session.payment_intent, session.amount_total])).toEqual([
      [sessionId, paymentIntent, 450],
    ]);
    const none = await stripe.checkout.sessions.list({ payment_intent: 'pi_test_nobody', limit: 1 });
    expect(none.data).toEqual([]);
  });

  it('still answers 404 for addresses it does not serve', async () => {
    const response = await fetch(`${standIn.url}/v1/charges`, {
      headers: { authorization: `Bearer ${standIn.secretKey}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});

describe('refund outcomes and settling', () => {
  it('makes pending refunds that count toward the total until they settle; a failed one frees its amount', async () => {
    const { paymentIntent } = await paidSession(1000);
    standIn.refundOutcome('pending');
    const pending = await refundOf(paymentIntent, 600);
    expect(pending).toMatchObject({ status: 'pending', failure_reason: null });
    await expect(refundOf(paymentIntent, 401)).rejects.toMatchObject({ code: 'amount_too_large' });

    standIn.settleRefund(pending.id, 'failed', 'insufficient_funds');
    expect(await stripe.refunds.retrieve(pending.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'insufficient_funds',
    });
    const later = await refundOf(paymentIntent, 1000);
    standIn.settleRefund(later.id, 'succeeded');
    expect(await stripe.refunds.retrieve(later.id)).toMatchObject({ status: 'succeeded', failure_reason: null });
    expect(() => standIn.settleRefund(later.id, 'failed')).toThrow(/only a pending refund settles/);
  });

  it('makes failed refunds (expired_or_canceled_card) that do not count toward the total', async () => {
    const { paymentIntent } = await paidSession(500);
    standIn.refundOutcome('failed');
    const failed = await refundOf(paymentIntent);
    expect(failed).toMatchObject({ amount: 500, status: 'failed', failure_reason: 'expired_or_canceled_card' });
    standIn.refundOutcome('succeeded');
    expect(await refundOf(paymentIntent)).toMatchObject({ amount: 500, status: 'succeeded' });
  });

  it('refuses with the error asked for, making no refund', async () => {
    const { paymentIntent } = await paidSession(500);
    standIn.refundOutcome({ refuse: { code: 'charge_disputed', message: 'This charge is disputed.' } });
    await expect(refundOf(paymentIntent, 100)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'charge_disputed',
      message: 'This charge is disputed.',
    });
    standIn.refundOutcome({ refuse: { type: 'card_error', code: 'expired_card', message: 'The card has expired.' } });
    await expect(refundOf(paymentIntent, 100)).rejects.toMatchObject({
      type: 'StripeCardError',
      rawType: 'card_error',
      statusCode: 402,
      code: 'expired_card',
    });
    expect(standIn.refunds.some(({ refund }) => refund.payment_intent === paymentIntent)).toBe(false);
  });
});

describe('dashboardRefund', () => {
  it('refunds without a key or metadata, succeeded, and counts toward what the shop may still refund', async () => {
    const { sessionId, paymentIntent } = await paidSession(800);
    const requestsBefore = standIn.refundRequests();

    const refund = standIn.dashboardRefund(sessionId, 300);

    expect(refund).toMatchObject({
      amount: 300,
      payment_intent: paymentIntent,
      status: 'succeeded',
      reason: 'requested_by_customer',
    });
    expect(refund.metadata).toEqual({});
    expect(standIn.refunds.at(-1)).toEqual({ refund, idempotencyKey: undefined, form: {} });
    expect(standIn.refundRequests()).toBe(requestsBefore);
    await expect(refundOf(paymentIntent, 501)).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(standIn.dashboardRefund(sessionId).amount).toBe(500);
    expect(() => standIn.dashboardRefund(sessionId, 1)).toThrow(/already been refunded/);
  });
});

describe('held refund answers', () => {
  it('makes the refund at once but answers only when released', async () => {
    const { paymentIntent } = await paidSession(600);
    standIn.holdRefundAnswers();
    const made = standIn.refundMade();
    const answer = refundOf(paymentIntent, 200);

    const { refund } = await made;
    expect(await stillWaiting(answer)).toBe(true);
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data.map((each) => each.id)).toEqual([
      refund.id,
    ]);
    // Refusals wait too; this one is decided on arrival, with the held refund already counted.
    const tooMuch = refundOf(paymentIntent, 401);
    expect(await stillWaiting(tooMuch)).toBe(true);

    standIn.releaseRefundAnswers();
    expect((await answer).id).toBe(refund.id);
    await expect(tooMuch).rejects.toMatchObject({ code: 'amount_too_large' });
    expect((await refundOf(paymentIntent, 100)).amount).toBe(100);
  });

  it('drops a held answer whose client dies, and closes cleanly with answers still held', async () => {
    const own = await startStripeStandIn();
    const ownStripe = client(own);
    const { paymentIntent } = await paidSession(600, own, ownStripe);
    own.holdRefundAnswers();

    const made = own.refundMade();
    const dying = http.request(`${own.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${own.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    dying.on('error', () => {});
    dying.end(`payment_intent=${paymentIntent}&amount=100`);
    await made;
    dying.destroy();
    const stillHeld = ownStripe.refunds.create({ payment_intent: paymentIntent, amount: 100 });
    stillHeld.catch(() => {});
    await own.refundMade();
    own.releaseRefundAnswers();
    own.holdRefundAnswers();
    expect((await stillHeld).amount).toBe(100);

    const heldAtClose = ownStripe.refunds.create({ payment_intent: paymentIntent, amount: 100 });
    const closed = heldAtClose.then(
      () => 'answered',
      (error: { type?: string }) => error.type,
    );
    await own.refundMade();
    await own.close();
    expect(await closed).toBe('StripeConnectionError');
    expect(own.refunds.map(({ refund }) => refund.amount)).toEqual([100, 100, 100]);
  });
});

describe('signed webhook events', () => {
  function verified(event: { payload: string; signature: string }) {
    return Stripe.webhooks.constructEvent(event.payload, event.signature, STAND_IN_WEBHOOK_SECRET);
  }

  it('signs an event of any type about any object, and signedEvent still signs a session event', async () => {
    const { sessionId } = await paidSession(300);
    const event = verified(
      standIn.signedObjectEvent(
        'payment_intent.succeeded',
        { id: 'pi_test_x', object: 'payment_intent' },
        {
          secret: STAND_IN_WEBHOOK_SECRET,
        },
      ),
    );
    expect(event).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_test_x', object: 'payment_intent' } },
    });
    const session = verified(standIn.signedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET }));
    expect(session).toMatchObject({
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, payment_status: 'paid' } },
    });
    const other = standIn.signedObjectEvent('charge.refunded', {}, { secret: 'whsec_someone_else' });
    expect(() => verified(other)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('sends refund.updated (or another type) with the refund as it is now', async () => {
    const { paymentIntent } = await paidSession(300);
    standIn.refundOutcome('pending');
    const refund = await refundOf(paymentIntent, 300);
    standIn.settleRefund(refund.id, 'failed');

    const updated = verified(standIn.refundEvent(refund.id, { secret: STAND_IN_WEBHOOK_SECRET }));
    expect(updated.type).toBe('refund.updated');
    expect(updated.data.object).toEqual({ ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' });
    const failed = verified(standIn.refundEvent(refund.id, { type: 'refund.failed', secret: STAND_IN_WEBHOOK_SECRET }));
    expect(failed.type).toBe('refund.failed');
    expect(() => standIn.refundEvent('re_test_nobody', { secret: STAND_IN_WEBHOOK_SECRET })).toThrow(/No such refund/);
  });

  it("sends charge.refunded with the session's charge, refunded so far (succeeded and pending)", async () => {
    const { sessionId, paymentIntent } = await paidSession(1000);
    const dashboard = standIn.dashboardRefund(sessionId, 200);
    standIn.refundOutcome('pending');
    await refundOf(paymentIntent, 300);
    standIn.refundOutcome('failed');
    await refundOf(paymentIntent, 100);

    const event = verified(standIn.chargeRefundedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET }));
    expect(event.type).toBe('charge.refunded');
    expect(event.data.object).toEqual({
      id: dashboard.charge,
      object: 'charge',
      amount: 1000,
      amount_refunded: 500,
      currency: 'gbp',
      payment_intent: paymentIntent,
      refunded: false,
      status: 'succeeded',
    });
    standIn.dashboardRefund(sessionId);
    const full = verified(standIn.chargeRefundedEvent(sessionId, { secret: STAND_IN_WEBHOOK_SECRET }));
    expect(full.data.object).toMatchObject({ amount_refunded: 1000, refunded: true });
  });
});
