/** The one reader of process.env: every setting the server takes, validated once at start-up. */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { EmailSchema, NewPasswordSchema } from '#shared/schemas/user';

/** Who may take payments (PAYMENT_PROVIDER): the built-in test checkout, or Stripe Checkout. */
export const paymentProviderNames = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviderNames)[number];

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** Names proxy-addr (Fastify's `trustProxy`) accepts for address ranges, beside addresses and CIDR ranges. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4 or IPv6 address, a CIDR range of either, or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY (decision 049): unset trusts no proxy (the socket's address is the client); a whole number is how many
 * proxies stand in front; otherwise the proxies' addresses or CIDR ranges, comma-separated. `true` is refused: it
 * would take the client's address from X-Forwarded-For whoever sent it, so anyone could pick a fresh address per
 * request and walk past every per-address limit.
 */
const TrustProxySchema = optionalString.transform((value, context): number | string[] | false => {
  if (value === undefined) return false;
  if (/^\d+$/.test(value) && Number(value) >= 1) return Number(value);
  const fail = (message: string) => {
    context.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  };
  if (/^(true|yes|on|\*)$/i.test(value))
    return fail(
      "must name the proxy (its address or CIDR range) or how many proxies stand in front (1, 2 …), not 'true', which would let any client choose its own address",
    );
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0)
    return fail(
      `must be a hop count (1, 2 …) or addresses and CIDR ranges, comma-separated; not understood: ${wrong.map((entry) => `'${entry}'`).join(', ')}`,
    );
  return entries;
});

/** Milliseconds, given as a whole number; 0 is refused, as it would switch the limit off. */
const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    TRUST_PROXY: TrustProxySchema,
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
        .optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: optionalString
      .pipe(z.string().optional())
      .transform((value) => value ?? 'Roast & Co. <orders@roastandco.example>'),
    SHOP_EMAIL: optionalString.pipe(z.email().optional()).transform((value) => value ?? 'hello@roastandco.example'),
    REDIS_URL: optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    PAYMENT_PROVIDER: optionalString.pipe(z.enum(paymentProviderNames).optional()),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalString.pipe(
      z
        .string()
        .regex(/^https?:\/\/[^/]/, 'must start with http:// or https://')
        .optional(),
    ),
    ADMIN_EMAIL: optionalString.pipe(EmailSchema.optional()),
    // Not trimmed: spaces in a password count.
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(NewPasswordSchema.optional()),
    RATE_LIMIT_FACTOR: optionalString.pipe(z.coerce.number<string>().positive('must be a number above 0').optional()),
    DEMO_DATA: optionalString
      .transform((value) => value?.toLowerCase())
      .pipe(
        z
          .enum(['1', 'true', 'on', '0', 'false', 'off'], { error: 'must be 1, true or on, or 0, false or off' })
          .optional(),
      ),
    // Limits on what a client may hold open (docs/decisions/019-connection-limits.md).
    REQUEST_TIMEOUT_MS: milliseconds(30_000),
    HEADERS_TIMEOUT_MS: milliseconds(10_000),
    KEEP_ALIVE_TIMEOUT_MS: milliseconds(72_000),
    SOCKET_IDLE_TIMEOUT_MS: milliseconds(60_000),
    MAX_CONNECTIONS: z.coerce.number().int().positive().default(4096),
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(64),
  })
  .refine((vars) => vars.HEADERS_TIMEOUT_MS <= vars.REQUEST_TIMEOUT_MS, {
    path: ['HEADERS_TIMEOUT_MS'],
    message: 'must not be longer than REQUEST_TIMEOUT_MS (the headers are part of the request)',
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * Which reverse proxies' X-Forwarded-For to believe, as Fastify's `trustProxy` takes it: false (none: the socket's
   * address is the client), a hop count, or the proxies' addresses and CIDR ranges. Rate limits key on the result.
   */
  trustProxy: number | string[] | false;
  publicUrl: string;
  dataDir: string;
  /** Unset means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  logLevel: string;
  /** The built single-page app; unset when the server runs without one (API tests). */
  webDistDir: string | undefined;
  /** Signs session tokens; unset outside production means one generated into dataDir (features/accounts/auth.ts). */
  jwtSecret: string | undefined;
  /** Unset means the outbox: each mail saved under dataDir/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  shopEmail: string;
  /** Who takes payments: the built-in test checkout, or Stripe Checkout. */
  paymentProvider: PaymentProviderName;
  /** Set (all three keys) when paymentProvider is 'stripe'. */
  stripe: StripeSettings | undefined;
  /** Shared rate-limit state for several server processes; unset keeps it in memory. */
  redisUrl: string | undefined;
  /** Multiplies every rate limit (not attempt limits such as a code's 5 tries). */
  rateLimitFactor: number;
  /** How long a request waits once its account's slowing count is over (decision 044); set in code (tests shorten it). */
  attemptSlowdownMs: number;
  /**
   * Seed sample reviews into an empty reviews table at start-up. DEMO_DATA; unset means on with the embedded
   * database and off with DATABASE_URL, so a real shop's PostgreSQL never gets made-up reviews by default.
   */
  demoData: boolean;
  /** ADMIN_EMAIL and ADMIN_PASSWORD: the account made or promoted to admin at start-up (docs/api.md, The owner's API). */
  admin: { email: string; password: string } | undefined;
  /** How the mail queue retries; set in code, not the environment (tests shorten it). */
  mailRetry: MailRetrySettings;
  /**
   * Whether the shop's alert sweeps (new orders, low stock; decision 098) run on their own timers; set in code, not
   * the environment. API tests turn them off and run a sweep when they mean to, so no test's mail to the shop's
   * address is an alert it did not ask for.
   */
  shopAlerts: boolean;
  /** Longest time to receive a whole request, headers and body. */
  requestTimeoutMs: number;
  /** Longest time to receive a request's headers: from the connection's opening, or a reused one's first byte. */
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** How long a connection may see no traffic at all while a request is read or answered (a client that stops reading). */
  socketIdleTimeoutMs: number;
  /** Connections open at once; further ones are closed at once, before any request is read. */
  maxConnections: number;
  /**
   * Connections open at once from one address (an IPv6 /64), so one client cannot hold them all (decision 105); not
   * applied behind a trusted proxy, whose connections carry every client.
   */
  maxConnectionsPerAddress: number;
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another base URL for the SDK's calls (a local stand-in in tests); unset means Stripe's own API. */
  apiBase: string | undefined;
}

export interface MailRetrySettings {
  /** Wait after the first failed try; each later wait is six times longer, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Tries before a mail is marked failed and left for an operator. */
  maxAttempts: number;
  /** How often a sender looks for mail queued by other processes or left by a crashed one. */
  pollIntervalMs: number;
}

export const defaultMailRetry: MailRetrySettings = {
  firstDelayMs: 5_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 10,
  pollIntervalMs: 30_000,
};

/** Long enough to make each guess past the count costly, short enough that the account's owner hardly minds. */
export const DEFAULT_ATTEMPT_SLOWDOWN_MS = 1_500;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  }
  const vars = parsed.data;
  if (vars.NODE_ENV === 'production' && !vars.JWT_SECRET) {
    throw new ConfigError(
      'Invalid environment:\n  JWT_SECRET: must be set when NODE_ENV=production (at least 32 characters, e.g. from `openssl rand -base64 48`)',
    );
  }
  if (vars.NODE_ENV === 'production' && !vars.PAYMENT_PROVIDER) {
    // The built-in test checkout takes any test card: a live shop must choose it on purpose, never by default.
    throw new ConfigError(
      'Invalid environment:\n  PAYMENT_PROVIDER: must be set when NODE_ENV=production (stripe for real payments; local only for a test shop)',
    );
  }
  if ((vars.ADMIN_EMAIL === undefined) !== (vars.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      `Invalid environment:\n  ${vars.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'}: must be set with ${vars.ADMIN_EMAIL ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'}`,
    );
  }
  if (vars.PAYMENT_PROVIDER === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
      (name) => !vars[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid environment:\n${missing.map((name) => `  ${name}: must be set when PAYMENT_PROVIDER=stripe`).join('\n')}`,
      );
    }
  }
  return {
    nodeEnv: vars.NODE_ENV,
    paymentProvider: vars.PAYMENT_PROVIDER ?? 'local',
    stripe: stripeSettings(vars),
    port: vars.PORT,
    host: vars.HOST,
    trustProxy: vars.TRUST_PROXY,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    logLevel: vars.LOG_LEVEL,
    webDistDir: path.resolve(vars.WEB_DIST_DIR),
    jwtSecret: vars.JWT_SECRET,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    shopEmail: vars.SHOP_EMAIL,
    redisUrl: vars.REDIS_URL,
    rateLimitFactor: vars.RATE_LIMIT_FACTOR ?? 1,
    attemptSlowdownMs: DEFAULT_ATTEMPT_SLOWDOWN_MS,
    demoData:
      vars.DEMO_DATA === undefined ? vars.DATABASE_URL === undefined : ['1', 'true', 'on'].includes(vars.DEMO_DATA),
    admin:
      vars.ADMIN_EMAIL && vars.ADMIN_PASSWORD ? { email: vars.ADMIN_EMAIL, password: vars.ADMIN_PASSWORD } : undefined,
    mailRetry: defaultMailRetry,
    shopAlerts: true,
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: vars.HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_MS,
    socketIdleTimeoutMs: vars.SOCKET_IDLE_TIMEOUT_MS,
    maxConnections: vars.MAX_CONNECTIONS,
    maxConnectionsPerAddress: vars.MAX_CONNECTIONS_PER_ADDRESS,
  };
}

function stripeSettings(vars: z.infer<typeof EnvSchema>): StripeSettings | undefined {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = vars;
  if (vars.PAYMENT_PROVIDER !== 'stripe' || !STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET)
    return undefined;
  return {
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiBase: vars.STRIPE_API_BASE,
  };
}
