/**
 * Adds `app.attemptLimit(...)`, a preHandler hook that counts a request against several limits at once: per client
 * address, per account (an e-mail, an id, a reset token), per account from one address, and a per-account count
 * past which requests are slowed instead of refused (decisions 024 and 044). The counters are @fastify/rate-limit's
 * (plugins/external/rate-limit.ts), in Redis or in memory; a refusal is a 429 `HttpError` with Retry-After.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { HttpError } from '../../errors.ts';
import { clientAddress } from '../../lib/client-address.ts';

export const tooManyAttemptsMessage = 'Too many attempts. Please wait a few minutes and try again.';

export interface LimitRule {
  /** Requests allowed per window before RATE_LIMIT_FACTOR is applied. */
  max: number;
  windowMs: number;
}

export interface AccountLimitRule extends LimitRule {
  /** The account the request aims at, read from the validated body or params; undefined skips this limit. */
  key(request: FastifyRequest): string | undefined;
  /** The 429's message when this rule refuses; the limiter's own otherwise. */
  message?: string;
}

export interface AttemptLimitOptions {
  /** Names the counters; distinct per endpoint. */
  name: string;
  /** The 429's message; `tooManyAttemptsMessage` unless given. */
  message?: string;
  /** Refused past its count: one client address, whatever it aims at. */
  perAddress: LimitRule;
  /**
   * How much of an IPv6 address is one client for this limiter's address keys: 64 unless given. A wider prefix (48)
   * where one attacker holds a whole allocation, so its 65,536 /64s count as one (decision 102).
   */
  ipv6PrefixLength?: number;
  /**
   * Refused past its count: one account from every address together. Only for keys the caller holds (an id
   * from their own signup, a token, their own account) or limits that guard a mailbox: keyed on an e-mail
   * anyone can type, it lets anyone lock that e-mail's owner out (decision 044).
   */
  perAccount?: AccountLimitRule;
  /** Refused past its count: one account from one client address. */
  perAccountFromAddress?: AccountLimitRule;
  /**
   * Slowed, never refused, past its count: one account from every address together. Each further request
   * waits `attemptSlowdownMs` before it is handled, so a guesser spread over many addresses is slowed while
   * the account's owner still gets in from their own.
   */
  slowPerAccount?: AccountLimitRule;
}

declare module 'fastify' {
  interface FastifyInstance {
    attemptLimit(options: AttemptLimitOptions): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface AttemptLimitPluginOptions {
  config: Pick<Config, 'rateLimitFactor' | 'attemptSlowdownMs'>;
}

function accountKey(value: string): string {
  // Hashed so the store holds no e-mail addresses, and every key has one length.
  return createHash('sha256').update(value).digest('base64url');
}

export default fp<AttemptLimitPluginOptions>(
  async (app, { config }) => {
    const scaled = (max: number) => Math.max(1, Math.round(max * config.rateLimitFactor));

    /** Counts a request under the key `keyOf` gives it (none: not counted); answers the count when it is over. */
    const counter = (
      rule: LimitRule & { message?: string },
      keyOf: (request: FastifyRequest) => string | undefined,
    ) => {
      // NOTE: a store failure lets the request through (and is logged by the Redis listener): a Redis outage
      // must not lock every customer out of logging in.
      const limiter = app.createRateLimit({
        max: scaled(rule.max),
        timeWindow: rule.windowMs,
        keyGenerator: (request) => keyOf(request) ?? '',
        skipOnError: true,
      });
      return async (request: FastifyRequest) => {
        if (keyOf(request) === undefined) return undefined;
        const result = await limiter(request);
        return !result.isAllowed && result.isExceeded ? { ...result, message: rule.message } : undefined;
      };
    };

    app.decorate('attemptLimit', (options: AttemptLimitOptions) => {
      const { name, perAddress, perAccount, perAccountFromAddress, slowPerAccount } = options;
      const address = (request: FastifyRequest) => clientAddress(request.ip, options.ipv6PrefixLength);
      const keyed = (label: string, rule: AccountLimitRule, withAddress: boolean) => (request: FastifyRequest) => {
        const account = rule.key(request);
        if (account === undefined) return undefined;
        return `${name}:${label}:${accountKey(withAddress ? `${account}\n${address(request)}` : account)}`;
      };
      const refusing = [
        counter(perAddress, (request) => `${name}:address:${address(request)}`),
        perAccount && counter(perAccount, keyed('account', perAccount, false)),
        perAccountFromAddress && counter(perAccountFromAddress, keyed('account-address', perAccountFromAddress, true)),
      ].filter((count) => count !== undefined);
      const slowing = slowPerAccount && counter(slowPerAccount, keyed('account-slow', slowPerAccount, false));

      return async (request) => {
        const [slowed, ...refused] = await Promise.all([
          slowing?.(request),
          ...refusing.map((count) => count(request)),
        ]);
        const over = refused.find((result) => result !== undefined);
        if (over) {
          request.log.info({ limit: name, key: over.key.split(':').slice(0, 2).join(':') }, 'rate limit reached');
          throw new HttpError(429, over.message ?? options.message ?? tooManyAttemptsMessage, {
            code: 'ROAST_TOO_MANY_ATTEMPTS',
            headers: { 'retry-after': String(over.ttlInSeconds) },
          });
        }
        if (slowed) {
          request.log.info({ limit: name, delayMs: config.attemptSlowdownMs }, 'attempts slowed');
          await sleep(config.attemptSlowdownMs);
        }
      };
    });
  },
  { name: 'attempt-limit', dependencies: ['rate-limit'] },
);
