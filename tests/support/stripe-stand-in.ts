/**
 * A local stand-in for the part of Stripe's REST API the shop uses, so the real `stripe` SDK can be tested
 * without a network or an account: create and retrieve Checkout Sessions (form-encoded bodies, bearer secret
 * key, idempotency keys, Stripe's error shapes), plus test controls to pay a session and to sign webhook
 * events with the SDK's own test signer. Point the provider at it with `apiBase: standIn.url` (decision 038).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STAND_IN_SECRET_KEY = 'sk_test_stand_in_secret_key';
export const STAND_IN_PUBLISHABLE_KEY = 'pk_test_stand_in_publishable_key';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_stand_in_webhook_secret';

/** A Checkout Session as the stand-in answers it: the fields the shop reads or sets, in Stripe's names. */
export interface StandInCheckoutSession {
  id: string;
  object: 'checkout.session';
  livemode: false;
  created: number;
  expires_at: number;
  mode: 'payment';
  url: string;
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  payment_intent: string | null;
}

export interface StandInLineItem {
  name: string;
  currency: string;
  unitAmount: number;
  taxBehavior: string | undefined;
  quantity: number;
}

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
  close(): Promise<void>;
}

export interface StandInOptions {
  /** The secret key requests must carry as their bearer token. */
  secretKey?: string;
}

class StandInError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

function invalid(message: string, param?: string, code = 'parameter_invalid'): StandInError {
  return new StandInError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });
}

/** Listens on 127.0.0.1 on a free port. */
export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? STAND_IN_SECRET_KEY;
  const sessions: CreatedSession[] = [];
  const requests: StandInRequest[] = [];
  const byId = new Map<string, CreatedSession>();
  /** Stripe replays the first answer to a key, and refuses the key with other parameters. */
  const byIdempotencyKey = new Map<string, { body: string; created: CreatedSession }>();
  let baseUrl = '';

  function createSession(body: string, idempotencyKey: string | undefined): CreatedSession {
    if (idempotencyKey !== undefined) {
      const earlier = byIdempotencyKey.get(idempotencyKey);
      if (earlier) {
        if (earlier.body !== body)
          throw new StandInError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        return earlier.created;
      }
    }
    const form = Object.fromEntries(new URLSearchParams(body));
    const tree = parseForm(body);
    const lineItems = readLineItems(tree);
    const session = buildSession(tree, lineItems, baseUrl);
    const created: CreatedSession = { session, lineItems, form, idempotencyKey };
    sessions.push(created);
    byId.set(session.id, created);
    if (idempotencyKey !== undefined) byIdempotencyKey.set(idempotencyKey, { body, created });
    return created;
  }

  async function answer(request: http.IncomingMessage): Promise<{ status: number; body: unknown }> {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    requests.push({ method: request.method ?? '', path });
    const body = await readBody(request);
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      throw new StandInError(401, {
        type: 'invalid_request_error',
        message: request.headers.authorization
          ? 'Invalid API Key provided: sk_test_********'
          : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = headerValue(request.headers['idempotency-key']);
      return { status: 200, body: createSession(body, key).session };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const id = decodeURIComponent(match[1]!);
      const created = byId.get(id);
      if (!created)
        throw new StandInError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${id}'`,
        });
      return { status: 200, body: created.session };
    }
    throw new StandInError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${request.method}: ${path}). The Stripe stand-in knows only Checkout Sessions.`,
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

  return {
    url: baseUrl,
    secretKey,
    sessions,
    requests,
    retrieves(sessionId) {
      const path = `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`;
      return requests.filter((request) => request.method === 'GET' && request.path === path).length;
    },
    pay(sessionId) {
      const created = byId.get(sessionId);
      if (!created) throw new Error(`The Stripe stand-in has no session ${sessionId}`);
      created.session.status = 'complete';
      created.session.payment_status = 'paid';
      created.session.payment_intent ??= `pi_test_${randomBytes(12).toString('hex')}`;
    },
    signedEvent(sessionId, { type = 'checkout.session.completed', secret }) {
      const created = byId.get(sessionId);
      if (!created) throw new Error(`The Stripe stand-in has no session ${sessionId}`);
      const payload = JSON.stringify({
        id: `evt_test_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: created.session },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close() {
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

type FormValue = string | FormTree | FormValue[];
interface FormTree {
  [key: string]: FormValue;
}

/**
 * Stripe's form encoding: `line_items[0][price_data][unit_amount]=450` becomes
 * `{ line_items: [{ price_data: { unit_amount: '450' } }] }`; numeric segments are array indices.
 */
export function parseForm(body: string): FormTree {
  const root: FormTree = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match) throw invalid(`Invalid parameter name: ${name}`, name);
    const keys = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    let node: FormTree | FormValue[] = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const slot = node as Record<string, FormValue>;
      if (last) {
        slot[key] = value;
        return;
      }
      const child = slot[key] ?? (/^\d+$/.test(keys[index + 1]!) ? [] : {});
      if (typeof child === 'string') throw invalid(`Invalid parameter: ${name}`, name);
      slot[key] = child;
      node = child;
    });
  }
  return root;
}

function field(tree: FormTree, key: string, path: string): string | undefined {
  const value = tree[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${path}`, path);
  return value;
}

function object(tree: FormTree, key: string, path: string): FormTree | undefined {
  const value = tree[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string' || Array.isArray(value)) throw invalid(`Invalid hash: ${path}`, path);
  return value;
}

function integer(text: string | undefined, path: string, minimum: number): number {
  if (text === undefined) throw invalid(`Missing required param: ${path}.`, path, 'parameter_missing');
  if (!/^-?\d+$/.test(text) || Number(text) < minimum)
    throw invalid(`Invalid integer: ${text} (${path} must be at least ${minimum})`, path);
  return Number(text);
}

function readLineItems(tree: FormTree): StandInLineItem[] {
  const items = tree.line_items;
  if (!Array.isArray(items) || items.length === 0)
    throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
  return items.map((item, index) => {
    const path = `line_items[${index}]`;
    if (typeof item === 'string' || Array.isArray(item)) throw invalid(`Invalid hash: ${path}`, path);
    if (item.price !== undefined) throw invalid('The Stripe stand-in supports only price_data.', `${path}[price]`);
    const priceData = object(item, 'price_data', `${path}[price_data]`);
    if (!priceData) throw invalid('You must specify either `price` or `price_data`.', path, 'parameter_missing');
    const currency = field(priceData, 'currency', `${path}[price_data][currency]`);
    if (!currency || !/^[a-z]{3}$/.test(currency))
      throw invalid('Invalid currency.', `${path}[price_data][currency]`, 'parameter_missing');
    const name = object(priceData, 'product_data', `${path}[price_data][product_data]`)?.name;
    if (typeof name !== 'string' || name.trim() === '')
      throw invalid('Missing required param: name.', `${path}[price_data][product_data][name]`, 'parameter_missing');
    const taxBehavior = field(priceData, 'tax_behavior', `${path}[price_data][tax_behavior]`);
    if (taxBehavior !== undefined && !['inclusive', 'exclusive', 'unspecified'].includes(taxBehavior))
      throw invalid(`Invalid tax_behavior: ${taxBehavior}`, `${path}[price_data][tax_behavior]`);
    return {
      name,
      currency,
      unitAmount: integer(
        field(priceData, 'unit_amount', `${path}[price_data][unit_amount]`),
        `${path}[price_data][unit_amount]`,
        0,
      ),
      taxBehavior,
      quantity: integer(field(item, 'quantity', `${path}[quantity]`), `${path}[quantity]`, 1),
    };
  });
}

function absoluteUrl(tree: FormTree, key: string): string | null {
  const value = field(tree, key, key);
  if (value === undefined) return null;
  if (!/^https?:\/\/[^/]/.test(value)) throw invalid(`Not a valid URL: ${key}`, key, 'url_invalid');
  return value;
}

function buildSession(tree: FormTree, lineItems: StandInLineItem[], baseUrl: string): StandInCheckoutSession {
  const mode = field(tree, 'mode', 'mode');
  if (mode === undefined) throw invalid('Missing required param: mode.', 'mode', 'parameter_missing');
  if (mode !== 'payment') throw invalid('The Stripe stand-in supports only mode=payment.', 'mode');
  const currency = field(tree, 'currency', 'currency') ?? lineItems[0]!.currency;
  if (lineItems.some((item) => item.currency !== currency))
    throw invalid('All line items must use the same currency as the session.', 'line_items');
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(object(tree, 'metadata', 'metadata') ?? {})) {
    if (typeof value !== 'string') throw invalid(`Invalid metadata value for ${key}`, `metadata[${key}]`);
    if (key.length > 40 || value.length > 500) throw invalid('Metadata key or value too long.', `metadata[${key}]`);
    metadata[key] = value;
  }
  const clientReferenceId = field(tree, 'client_reference_id', 'client_reference_id') ?? null;
  if (clientReferenceId !== null && clientReferenceId.length > 200)
    throw invalid('client_reference_id is too long.', 'client_reference_id');
  const amount = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const id = `cs_test_${randomBytes(24).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  // Stripe's rule for expires_at: between 30 minutes and 24 hours after the session is made.
  const expiresAtField = field(tree, 'expires_at', 'expires_at');
  const expiresAt = expiresAtField === undefined ? created + 24 * 60 * 60 : Number(expiresAtField);
  if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 60 * 60)
    throw invalid('expires_at must be between 30 minutes and 24 hours from now.', 'expires_at');
  return {
    id,
    object: 'checkout.session',
    livemode: false,
    created,
    expires_at: expiresAt,
    mode,
    url: `${baseUrl}/pay/${id}`,
    status: 'open',
    payment_status: 'unpaid',
    currency,
    amount_subtotal: amount,
    amount_total: amount,
    customer_email: field(tree, 'customer_email', 'customer_email') ?? null,
    client_reference_id: clientReferenceId,
    metadata,
    success_url: absoluteUrl(tree, 'success_url'),
    cancel_url: absoluteUrl(tree, 'cancel_url'),
    payment_intent: null,
  };
}
