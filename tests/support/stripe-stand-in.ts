/**
 * A local stand-in for the part of Stripe's REST API the shop uses, so the real `stripe` SDK can be tested
 * without a network or an account: create, retrieve and list Checkout Sessions; create, retrieve and list refunds
 * of a paid session's payment intent (never more than was paid); form-encoded bodies, the bearer secret key,
 * idempotency keys and Stripe's error shapes. Test controls pay a session, decide what refunds become and settle
 * them, refund from the "dashboard", hold refund answers back, and sign webhook events about any object with the
 * SDK's own test signer. Point the provider at it with `apiBase: standIn.url` (decision 038).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { listPage, missingResource, parseForm, refuseUnknown, StandInError } from './stripe-stand-in-protocol.ts';
import {
  type CreatedRefund,
  createRefundBook,
  type RefundOutcome,
  type StandInRefund,
} from './stripe-stand-in-refunds.ts';
import {
  buildSession,
  readLineItems,
  type StandInCheckoutSession,
  type StandInLineItem,
} from './stripe-stand-in-sessions.ts';

export { parseForm } from './stripe-stand-in-protocol.ts';
export type { CreatedRefund, RefundOutcome, StandInCharge, StandInRefund } from './stripe-stand-in-refunds.ts';
export type { StandInCheckoutSession, StandInLineItem } from './stripe-stand-in-sessions.ts';

export const STAND_IN_SECRET_KEY = 'sk_test_stand_in_secret_key';
export const STAND_IN_PUBLISHABLE_KEY = 'pk_test_stand_in_publishable_key';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in_webhook_secret';

/** One session the stand-in made, with what the SDK sent for it. */
export interface CreatedSession {
  /** The session object as retrieved now (pay() changes it). */
  session: StandInCheckoutSession;
  /** The line items, read from `line_items[i][price_data]…` and `line_items[i][quantity]`. */
  lineItems: StandInLineItem[];
  /** The create request's form fields exactly as sent, by their bracketed names. */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface StandInRequest {
  method: string;
  /** The path without its query string. */
  path: string;
}

export interface SignedEvent {
  /** The event's JSON, to send as the raw request body. */
  payload: string;
  /** The `Stripe-Signature` header's value. */
  signature: string;
}

export interface StripeStandIn {
  /** The base URL for STRIPE_API_BASE / `apiBase`. */
  readonly url: string;
  readonly secretKey: string;
  /** Every session created, oldest first. */
  readonly sessions: readonly CreatedSession[];
  /** Every API request received, authorised or not. */
  readonly requests: readonly StandInRequest[];
  /** How many times the shop has asked for this session (`GET /v1/checkout/sessions/{id}`): its calls to Stripe. */
  retrieves(sessionId: string): number;
  /** The shopper pays: the session becomes `complete` and `paid`. */
  pay(sessionId: string): void;
  /** A webhook delivery about the session as it is now, signed with `secret` as Stripe signs it. */
  signedEvent(sessionId: string, options: { type?: string; secret: string }): SignedEvent;
  /** A webhook delivery of any event type about any object, for events the other helpers do not shape. */
  signedObjectEvent(type: string, object: unknown, options: { secret: string }): SignedEvent;
  /** Every refund made, by the API or the dashboard, oldest first: what the shop asked Stripe for, and with which key. */
  readonly refunds: readonly CreatedRefund[];
  /** How many `POST /v1/refunds` the shop sent, refused and replayed ones included: proves a retry asked again or not. */
  refundRequests(): number;
  /** What refunds created from now on become, so a test reaches the shop's pending, failed and refused paths. */
  refundOutcome(outcome: RefundOutcome): void;
  /** A pending refund succeeds or fails, as Stripe settles it later; send `refundEvent` to tell the shop. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed', failureReason?: string): void;
  /** The owner refunds in Stripe's dashboard (all that is left by default): a refund the shop never asked for. */
  dashboardRefund(sessionId: string, amountPence?: number): StandInRefund;
  /**
   * From now on `POST /v1/refunds` still makes its refund but every answer (refusals too) waits: Stripe has acted,
   * the shop has not heard.
   */
  holdRefundAnswers(): void;
  /** Sends every held refund answer (to clients still connected) and stops holding. */
  releaseRefundAnswers(): void;
  /** Resolves when the next refund is made, so a test can act (kill the shop) right at that moment. */
  refundMade(): Promise<CreatedRefund>;
  /** A `refund.updated` (or `type`) delivery about the refund as it is now, e.g. after `settleRefund`. */
  refundEvent(refundId: string, options: { type?: string; secret: string }): SignedEvent;
  /** A `charge.refunded` delivery about the session's charge, its refunds as they are now (dashboard ones too). */
  chargeRefundedEvent(sessionId: string, options: { secret: string }): SignedEvent;
  /** Closes the server, dropping held answers. */
  close(): Promise<void>;
}

export interface StandInOptions {
  /** The secret key requests must carry as their bearer token. */
  secretKey?: string;
}

interface Answer {
  status: number;
  body: unknown;
}

const SESSION_LIST_PARAMS = ['payment_intent', 'limit', 'starting_after'] as const;

/** Listens on 127.0.0.1 on a free port. */
export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? STAND_IN_SECRET_KEY;
  const sessions: CreatedSession[] = [];
  const requests: StandInRequest[] = [];
  const byId = new Map<string, CreatedSession>();
  /** Stripe replays the first answer to a key, and refuses the key with other parameters or on another endpoint. */
  const byIdempotencyKey = new Map<string, { endpoint: string; body: string; answer: unknown }>();
  const refundBook = createRefundBook(
    (paymentIntent) =>
      sessions.find(({ session }) => session.payment_status === 'paid' && session.payment_intent === paymentIntent)
        ?.session,
  );
  /** Held refund answers, each sent when released (into nowhere, harmlessly, if its client has gone). */
  const held = new Set<() => void>();
  let holding = false;
  let baseUrl = '';

  /** Answers a key's first request with `make()`; a refusal is not kept, so a retry may succeed. */
  function idempotent<T>(key: string | undefined, endpoint: string, body: string, make: () => T): T {
    if (key === undefined) return make();
    const earlier = byIdempotencyKey.get(key);
    if (earlier) {
      if (earlier.endpoint !== endpoint)
        throw new StandInError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${earlier.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      if (earlier.body !== body)
        throw new StandInError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      return earlier.answer as T;
    }
    const answer = make();
    byIdempotencyKey.set(key, { endpoint, body, answer });
    return answer;
  }

  function createSession(body: string, idempotencyKey: string | undefined): CreatedSession {
    const form = Object.fromEntries(new URLSearchParams(body));
    const tree = parseForm(body);
    const lineItems = readLineItems(tree);
    const session = buildSession(tree, lineItems, baseUrl);
    const created: CreatedSession = { session, lineItems, form, idempotencyKey };
    sessions.push(created);
    byId.set(session.id, created);
    return created;
  }

  function sessionById(sessionId: string): StandInCheckoutSession {
    const created = byId.get(sessionId);
    if (!created) throw new Error(`The Stripe stand-in has no session ${sessionId}`);
    return created.session;
  }

  /** Waits while refund answers are held; returns at once otherwise. */
  function heldBack(): Promise<void> {
    if (!holding) return Promise.resolve();
    return new Promise((resolve) => held.add(resolve));
  }

  async function createRefund(request: http.IncomingMessage, body: string) {
    const key = headerValue(request.headers['idempotency-key']);
    let answer: Answer;
    try {
      // The answer as made is what Stripe keeps for the key, even after the refund settles.
      const refund = idempotent(key, 'POST /v1/refunds', body, () => structuredClone(refundBook.create(body, key)));
      answer = { status: 200, body: refund };
    } catch (error) {
      if (!(error instanceof StandInError)) throw error;
      answer = { status: error.statusCode, body: { error: error.body } };
    }
    await heldBack();
    return answer;
  }

  async function answer(request: http.IncomingMessage): Promise<Answer> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    requests.push({ method: request.method ?? '', path });
    const body = await readBody(request);
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      throw new StandInError(401, {
        type: 'invalid_request_error',
        message: request.headers.authorization
          ? 'Invalid API Key provided: sk_test_********'
          : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    const get = request.method === 'GET';
    const post = request.method === 'POST';
    if (post && path === '/v1/checkout/sessions') {
      const key = headerValue(request.headers['idempotency-key']);
      const created = idempotent(key, 'POST /v1/checkout/sessions', body, () => createSession(body, key));
      return { status: 200, body: created.session };
    }
    if (get && path === '/v1/checkout/sessions') {
      refuseUnknown(url.searchParams.keys(), SESSION_LIST_PARAMS, 'the Checkout Sessions list');
      const paymentIntent = url.searchParams.get('payment_intent');
      const newestFirst = sessions
        .map(({ session }) => session)
        .filter((session) => paymentIntent === null || session.payment_intent === paymentIntent)
        .reverse();
      return { status: 200, body: listPage('/v1/checkout/sessions', newestFirst, url.searchParams) };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (get && sessionMatch) {
      const id = decodeURIComponent(sessionMatch[1]!);
      const created = byId.get(id);
      if (!created) throw missingResource('checkout.session', id, 'session');
      return { status: 200, body: created.session };
    }
    if (post && path === '/v1/refunds') return createRefund(request, body);
    if (get && path === '/v1/refunds') return { status: 200, body: refundBook.list(url.searchParams) };
    const refundMatch = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (get && refundMatch) return { status: 200, body: refundBook.retrieve(decodeURIComponent(refundMatch[1]!)) };
    throw new StandInError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${request.method}: ${path}). The Stripe stand-in knows only Checkout Sessions and refunds.`,
    });
  }

  const server = http.createServer((request, response) => {
    answer(request).then(
      ({ status, body }) => send(response, status, body),
      (error: unknown) => {
        if (error instanceof StandInError) send(response, error.statusCode, { error: error.body });
        else send(response, 500, { error: { type: 'api_error', message: String(error) } });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function signedObjectEvent(type: string, data: unknown, { secret }: { secret: string }): SignedEvent {
    const payload = JSON.stringify({
      id: `evt_test_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: data },
    });
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
  }

  function releaseAll() {
    for (const release of held) release();
    held.clear();
  }

  return {
    url: baseUrl,
    secretKey,
    sessions,
    requests,
    refunds: refundBook.refunds,
    retrieves(sessionId) {
      const path = `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`;
      return requests.filter((request) => request.method === 'GET' && request.path === path).length;
    },
    pay(sessionId) {
      const session = sessionById(sessionId);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent ??= `pi_test_${randomBytes(12).toString('hex')}`;
    },
    signedEvent(sessionId, { type = 'checkout.session.completed', secret }) {
      return signedObjectEvent(type, sessionById(sessionId), { secret });
    },
    signedObjectEvent,
    refundRequests() {
      return requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds').length;
    },
    refundOutcome(outcome) {
      refundBook.setOutcome(outcome);
    },
    settleRefund(refundId, status, failureReason) {
      refundBook.settle(refundId, status, failureReason);
    },
    dashboardRefund(sessionId, amountPence) {
      return refundBook.dashboard(sessionById(sessionId), amountPence);
    },
    holdRefundAnswers() {
      holding = true;
    },
    releaseRefundAnswers() {
      holding = false;
      releaseAll();
    },
    refundMade() {
      return refundBook.made();
    },
    refundEvent(refundId, { type = 'refund.updated', secret }) {
      return signedObjectEvent(type, refundBook.retrieve(refundId), { secret });
    },
    chargeRefundedEvent(sessionId, { secret }) {
      return signedObjectEvent('charge.refunded', refundBook.charge(sessionById(sessionId)), { secret });
    },
    close() {
      // Released first so that no request handler is left waiting for ever; their clients are cut off below.
      holding = false;
      releaseAll();
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function send(response: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': `req_test_${randomBytes(8).toString('hex')}`,
  });
  response.end(text);
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
