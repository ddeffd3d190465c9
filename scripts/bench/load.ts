/**
 * The load scenarios of `npm run bench:load` and `npm run bench:scale`: autocannon on loopback, each bounded in time,
 * as a browser, a shopper and the owner use the shop. A `LoadRun` keeps what the shop answered (every cart add, every
 * payment the pay page accepted, every status change) so that invariants.ts can check the database against it once
 * the shop has stopped.
 */
import { asc, eq } from 'drizzle-orm';
import autocannon from 'autocannon';
import { QUANTITY_MAX } from '../../src/shared/constants.ts';
import type { Product } from '../../src/shared/schemas/product.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { products, productWeights } from '../../src/server/db/schema.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, seedOrders } from './admin.ts';
import { checkoutBody, fetchCatalog, percentile, TEST_CARD_FORM } from './checkout.ts';
import { logIn, logInAll, seedCustomers } from './customers.ts';
import type { Round } from './shop.ts';

/** The browsing scenario's GETs, each connection going round them: pages as a browser asks, and the API behind them. */
export const BROWSING_PATHS = [
  '/',
  '/product',
  '/product/roasted-cashew-nuts',
  '/product/medjool-dates',
  '/products/bestsellers',
  '/search?query=almond',
  '/reviews',
  '/about',
  '/api/products/browse?limit=48',
  '/api/products/roasted-cashew-nuts',
  '/api/reviews',
];
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip' };

/** The shop's settings for a load: the shop's rate limits multiplied out of the way, mails to the outbox. */
export const LOAD_SHOP_SETTINGS = {
  RATE_LIMIT_FACTOR: '100000',
  SMTP_URL: '',
  DEMO_DATA: '1',
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
};

const SETTLE_MS = 1_000;
/** Parallel cart adds to one line (one customer's product) come in bursts of this many, so they meet on its row. */
const ADDS_PER_BURST = 8;

export interface LoadFigures extends Round {
  p50Ms: number;
  /** Answers received. */
  answers: number;
  /** 1xx, 4xx and 5xx answers: a 3xx is the pay page's answer, so it counts with the successes here. */
  failedAnswers: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
}

/** One step of a scenario (a cart add, the pay page…): its latencies and its answers by status. */
class StepTally {
  readonly latenciesMs: number[] = [];
  readonly statuses = new Map<string, number>();
  count(status: string, latencyMs: number) {
    this.latenciesMs.push(latencyMs);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }
  toString() {
    const answers = [...this.statuses].map(([status, count]) => `${status}×${count}`).join(' ');
    return `p50 ${percentile(this.latenciesMs, 50).toFixed(0)} / p99 ${percentile(this.latenciesMs, 99).toFixed(0)} ms, ${answers || 'no answers'}`;
  }
}

/** What each connection carries from one request of its round to the next. */
interface ConnectionContext {
  sentAt?: number;
  sessionId?: string;
  paid?: boolean;
  cartLine?: number;
  move?: number;
}

// NOTE: autocannon restarts a connection's round when setupRequest answers a falsy value; its types do not say so.
const RESTART_ROUND = undefined as unknown as autocannon.Request;

/** The request, timed from here: autocannon writes it as soon as it is set up. */
function timed(request: autocannon.Request, context: object, changes: autocannon.Request): autocannon.Request {
  (context as ConnectionContext).sentAt = performance.now();
  return { ...request, ...changes, headers: { ...request.headers, ...changes.headers } };
}

const elapsedMs = (context: object) => performance.now() - ((context as ConnectionContext).sentAt ?? 0);

/** What the database holds for the load, written before the shop starts (PGlite's folder is then the server's). */
export interface LoadFixture {
  customers: { id: string; email: string }[];
  /** The owner's seeded orders still to move, oldest first. */
  toDispatch: string[];
  toDeliver: string[];
  /** The one product whose stock is counted (docs/api.md, Stock), so the checkouts sell it out; each weight's stock. */
  countedProductId: string;
  initialStock: Map<string, number>;
}

/**
 * Migrates and seeds the catalog, then adds the load's customers, the owner's orders (half to dispatch, half to
 * deliver) and counted stock on the catalog's second product.
 */
export async function seedLoadDatabase(
  handle: DatabaseHandle,
  options: { customers: number; orders: number; stockPerWeight: number },
): Promise<LoadFixture> {
  await handle.prepare();
  const customers = await seedCustomers(handle.db, options.customers);
  const seeded = await seedOrders(handle.db, options.orders, (index, count) =>
    index < count / 2 ? 'processing' : 'dispatched',
  );
  const [, counted] = await handle.db
    .select({ id: products.id })
    .from(products)
    .orderBy(asc(products.position), asc(products.name), asc(products.id))
    .limit(2);
  const weights = await handle.db
    .update(productWeights)
    .set({ stock: options.stockPerWeight })
    .where(eq(productWeights.productId, counted!.id))
    .returning({ label: productWeights.label });
  return {
    customers,
    toDispatch: seeded.processing,
    toDeliver: seeded.dispatched,
    countedProductId: counted!.id,
    initialStock: new Map(weights.map(({ label }) => [label, options.stockPerWeight])),
  };
}

/** A cart line the shopping scenario adds to: a customer, one of the products, a weight of it. */
export interface PlannedLine {
  customer: number;
  productId: string;
  selectedWeight: string;
}

/** One engine's (or one process count's) load: the shop's origin, its shoppers' tokens and what the shop answered. */
export class LoadRun {
  readonly plannedLines: PlannedLine[];
  /** Per planned line: adds sent, answered 200, and answered otherwise (an add sent and never answered may count). */
  readonly addsSent: Uint32Array;
  readonly addsAccepted: Uint32Array;
  readonly addsRefused: Uint32Array;
  private addsStarted = 0;
  private readonly addCapacity: number;
  cartFull = false;
  private nextShopper = 1;
  /** Payment sessions the pay page accepted (303 to /success). */
  readonly paidSessions = new Set<string>();
  /** Moves of the owner's orders, in the order they are taken, with the status they were answered (if they were). */
  readonly moves: { orderId: string; to: 'dispatched' | 'delivered'; answer?: number }[];
  private nextMove = 0;
  movesRanOut = false;

  private constructor(
    readonly baseUrl: string,
    readonly fixture: LoadFixture,
    readonly catalog: Product[],
    private readonly tokens: string[],
    private readonly adminToken: string,
  ) {
    // Product after product, each for every customer in turn, so the bursts in flight at once are different
    // customers' and each customer's cart grows a line at a time.
    const cartProducts = catalog.filter((product) => product._id !== fixture.countedProductId);
    this.plannedLines = cartProducts.flatMap((product, index) =>
      tokens.map((_, customer) => ({
        customer,
        productId: product._id,
        selectedWeight: product.weights[(customer + index) % product.weights.length]!.label,
      })),
    );
    this.addsSent = new Uint32Array(this.plannedLines.length);
    this.addsAccepted = new Uint32Array(this.plannedLines.length);
    this.addsRefused = new Uint32Array(this.plannedLines.length);
    // Whole bursts only, and never past the per-line cap, so a capped quantity never hides a lost add.
    this.addCapacity = Math.floor(QUANTITY_MAX / ADDS_PER_BURST) * ADDS_PER_BURST * this.plannedLines.length;
    this.moves = [
      ...fixture.toDispatch.map((orderId) => ({ orderId, to: 'dispatched' as const })),
      ...fixture.toDeliver.map((orderId) => ({ orderId, to: 'delivered' as const })),
    ];
  }

  /** Logs the customers and the owner in through `baseUrl` and checks every browsing path answers 200. */
  static async open(baseUrl: string, fixture: LoadFixture): Promise<LoadRun> {
    for (const browsingPath of BROWSING_PATHS) {
      const response = await fetch(`${baseUrl}${browsingPath}`, { headers: BROWSER_HEADERS });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${browsingPath}: ${response.status}`);
    }
    const catalog = await fetchCatalog(baseUrl);
    const tokens = await logInAll(
      baseUrl,
      fixture.customers.map((customer) => customer.email),
    );
    return new LoadRun(baseUrl, fixture, catalog, tokens, await logIn(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD));
  }

  /** GET /healthz: one `select 1` through the same database client, the reference for the scenarios. */
  reference(connections: number, seconds: number) {
    return cannon({ url: `${this.baseUrl}/healthz`, connections, duration: seconds });
  }

  /** Browsing: each connection going round BROWSING_PATHS as a browser asks (brotli or gzip). */
  browsing(connections: number, seconds: number) {
    return cannon({
      url: this.baseUrl,
      connections,
      duration: seconds,
      headers: BROWSER_HEADERS,
      requests: BROWSING_PATHS.map((browsingPath) => ({ method: 'GET' as const, path: browsingPath })),
    });
  }

  /**
   * Shopping, each connection going round: two cart adds by logged-in customers (bursts of parallel adds to one
   * line, tokens rotating), then a guest's checkout: POST /api/orders/create-stripe-session, the test card on
   * POST /pay/{id}, GET /api/orders/verify-stripe/{id}. A step whose previous one failed is not sent: the round
   * starts again.
   */
  async shopping(connections: number, seconds: number): Promise<{ figures: LoadFigures; steps: string[] }> {
    const steps = {
      'cart add': new StepTally(),
      'create-stripe-session': new StepTally(),
      pay: new StepTally(),
      'verify-stripe': new StepTally(),
    };
    const cartAdd: autocannon.Request = {
      setupRequest: (request, context) => {
        const state = context as ConnectionContext;
        const index = this.addsStarted++;
        const line = this.cartLineOf(index);
        state.cartLine = line;
        // Every line full (a long run): the customer looks at their cart instead.
        if (line === undefined) {
          const authorization = `Bearer ${this.tokens[index % this.tokens.length]}`;
          return timed(request, context, { method: 'GET', path: '/api/cart', headers: { authorization } });
        }
        const { customer, productId, selectedWeight } = this.plannedLines[line]!;
        this.addsSent[line]!++;
        return timed(request, context, {
          method: 'POST',
          path: '/api/cart/add',
          headers: { authorization: `Bearer ${this.tokens[customer]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ _id: productId, selectedWeight, qty: 1 }),
        });
      },
      onResponse: (status, _body, context) => {
        const { cartLine } = context as ConnectionContext;
        if (cartLine !== undefined) (status === 200 ? this.addsAccepted : this.addsRefused)[cartLine]!++;
        steps['cart add'].count(String(status), elapsedMs(context));
      },
    };
    const requests: autocannon.Request[] = [
      cartAdd,
      cartAdd,
      {
        setupRequest: (request, context) => {
          const state = context as ConnectionContext;
          state.sessionId = undefined;
          state.paid = false;
          return timed(request, context, {
            method: 'POST',
            path: '/api/orders/create-stripe-session',
            headers: { 'content-type': 'application/json' },
            body: checkoutBody(this.catalog, this.nextShopper++),
          });
        },
        onResponse: (status, body, context) => {
          // A 409 for stock is the counted product selling out, as it should.
          const label = status === 409 && /out of stock| left\./.test(body) ? '409 (stock)' : String(status);
          steps['create-stripe-session'].count(label, elapsedMs(context));
          if (status === 200) (context as ConnectionContext).sessionId = (JSON.parse(body) as { id: string }).id;
        },
      },
      {
        setupRequest: (request, context) => {
          const { sessionId } = context as ConnectionContext;
          if (sessionId === undefined) return RESTART_ROUND;
          return timed(request, context, {
            method: 'POST',
            path: `/pay/${encodeURIComponent(sessionId)}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: TEST_CARD_FORM,
          });
        },
        onResponse: (status, _body, context, headers) => {
          const state = context as ConnectionContext;
          // A refused card would be a 303 back to /pay (decision 065).
          const location = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'location')?.[1];
          const paid = status === 303 && String(location).startsWith('/success');
          steps.pay.count(paid ? '303 /success' : String(status), elapsedMs(context));
          if (paid && state.sessionId !== undefined) {
            this.paidSessions.add(state.sessionId);
            state.paid = true;
          }
        },
      },
      {
        setupRequest: (request, context) => {
          const { sessionId, paid } = context as ConnectionContext;
          if (sessionId === undefined || !paid) return RESTART_ROUND;
          return timed(request, context, {
            method: 'GET',
            path: `/api/orders/verify-stripe/${encodeURIComponent(sessionId)}`,
            headers: {},
          });
        },
        onResponse: (status, body, context) => {
          const verified = status === 200 && body.includes('"success":true');
          steps['verify-stripe'].count(verified ? '200' : `${status} without success`, elapsedMs(context));
        },
      },
    ];
    const figures = await cannon({ url: this.baseUrl, connections, duration: seconds, requests });
    const paid = steps.pay.statuses.get('303 /success') ?? 0;
    return {
      figures,
      steps: [
        ...Object.entries(steps).map(([name, tally]) => `${name}: ${tally}`),
        `${paid} checkouts paid, ${(paid / seconds).toFixed(1)} a second`,
      ],
    };
  }

  /** The owner, each connection going round: the first page of GET /api/admin/orders, then the next order moved on. */
  async owner(connections: number, seconds: number): Promise<{ figures: LoadFigures; steps: string[] }> {
    const steps = { 'order list': new StepTally(), 'status change': new StepTally() };
    const auth = { authorization: `Bearer ${this.adminToken}` };
    const requests: autocannon.Request[] = [
      {
        setupRequest: (request, context) =>
          timed(request, context, { method: 'GET', path: '/api/admin/orders', headers: auth }),
        onResponse: (status, _body, context) => steps['order list'].count(String(status), elapsedMs(context)),
      },
      {
        setupRequest: (request, context) => {
          const index = this.nextMove++;
          const move = this.moves[index];
          if (!move) {
            this.movesRanOut = true;
            return RESTART_ROUND;
          }
          (context as ConnectionContext).move = index;
          const body =
            move.to === 'dispatched' ? { status: 'dispatched', trackingNumber: `RM${index}GB` } : { isDelivered: true };
          return timed(request, context, {
            method: 'PATCH',
            path: `/api/admin/orders/${encodeURIComponent(move.orderId)}`,
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        },
        onResponse: (status, _body, context) => {
          const { move } = context as ConnectionContext;
          if (move !== undefined) this.moves[move]!.answer = status;
          steps['status change'].count(String(status), elapsedMs(context));
        },
      },
    ];
    const figures = await cannon({ url: this.baseUrl, connections, duration: seconds, requests });
    return { figures, steps: Object.entries(steps).map(([name, tally]) => `${name}: ${tally}`) };
  }

  /** Add `index`'s line: bursts of ADDS_PER_BURST adds to one line, line after line; undefined once all are full. */
  private cartLineOf(index: number): number | undefined {
    if (index >= this.addCapacity) {
      this.cartFull = true;
      return undefined;
    }
    return Math.floor(index / ADDS_PER_BURST) % this.plannedLines.length;
  }
}

/** One autocannon run: req/s, latencies and failures, whatever the answers (the caller judges them). */
export async function cannon(options: autocannon.Options): Promise<LoadFigures> {
  const result = await autocannon(options);
  // Requests still in flight when the time ran out go on in the server: let them end before the next load.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    answers: result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'],
    failedAnswers: result['1xx'] + result['4xx'] + result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Columns of figuresRow; errors are the connection's (resets, timeouts), not answers. */
export const FIGURES_HEADING = `${''.padEnd(44)}${'req/s'.padStart(8)}${'p50'.padStart(9)}${'p99'.padStart(9)}  4xx/5xx  errors (timeouts)`;

/** A row of figures, and its ratios to the reference when one is given. */
export function figuresRow(name: string, figures: LoadFigures, reference?: LoadFigures): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(9);
  let row = `  ${name.padEnd(42)}${figures.requestsPerSecond.toFixed(0).padStart(8)}${ms(figures.p50Ms)}${ms(figures.p99Ms)}${String(figures.failedAnswers).padStart(9)}${String(figures.errors).padStart(8)} (${figures.timeouts})`;
  if (reference && reference.requestsPerSecond > 0)
    row += `   vs reference: req/s ×${(figures.requestsPerSecond / reference.requestsPerSecond).toFixed(2)}, p99 ×${(figures.p99Ms / Math.max(reference.p99Ms, 1)).toFixed(1)}`;
  return row;
}
