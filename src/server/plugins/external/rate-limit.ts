/**
 * @fastify/rate-limit with no global limit, and `app.attemptLimit(...)`, a preHandler hook that counts a
 * request against two limits at once: per client address and per account (an e-mail, a user id, a reset
 * token), so one address cannot try many accounts and many addresses cannot hammer one (decision 024).
 * Counters live in Redis when REDIS_URL is set (shared by every server process), otherwise in memory.
 */
import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../../config.ts';

export const tooManyAttemptsMessage = 'Too many attempts. Please wait a few minutes and try again.';

export interface LimitRule {
  /** Requests allowed per window before RATE_LIMIT_FACTOR is applied. */
  max: number;
  windowMs: number;
}

export interface AttemptLimitOptions {
  /** Names the counters; distinct per endpoint. */
  name: string;
  /** The 429's message; `tooManyAttemptsMessage` unless given. */
  message?: string;
  perAddress: LimitRule;
  perAccount: LimitRule & {
    /** The account the request aims at, read from the validated body or params; undefined skips this limit. */
    key(request: FastifyRequest): string | undefined;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    attemptLimit(options: AttemptLimitOptions): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface RateLimitPluginOptions {
  config: Pick<Config, 'redisUrl' | 'rateLimitFactor'>;
}

class TooManyAttemptsError extends Error {
  readonly statusCode = 429;
  readonly code = 'ROAST_TOO_MANY_ATTEMPTS';
  constructor(message: string) {
    super(message);
  }
}

function accountKey(value: string): string {
  // Hashed so the store holds no e-mail addresses, and every key has one length.
  return createHash('sha256').update(value).digest('base64url');
}

export default fp<RateLimitPluginOptions>(
  async (app, { config }) => {
    let redis: Redis | undefined;
    if (config.redisUrl) {
      // Commands fail at once while Redis is unreachable (no offline queue), so limits fail open without delay.
      redis = new Redis(config.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
      // NOTE: without a listener ioredis reports connection errors on the console; they are logged here instead.
      redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store (Redis) error'));
      app.addHook('onClose', async () => {
        if (redis?.status === 'ready') await redis.quit().catch(() => redis?.disconnect());
        else redis?.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: false,
      // NOTE: limiters made by createRateLimit add 'undefinedundefined-' after this (the plugin's child-store
      // naming without a route); harmless, as every key of ours starts with the endpoint's name.
      ...(redis ? { redis, nameSpace: 'roastandco-rate-limit:' } : {}),
    });

    const scaled = (max: number) => Math.max(1, Math.round(max * config.rateLimitFactor));

    app.decorate('attemptLimit', ({ name, message, perAddress, perAccount }: AttemptLimitOptions) => {
      // NOTE: a store failure lets the request through (and is logged by the Redis listener): a Redis outage
      // must not lock every customer out of logging in.
      const byAddress = app.createRateLimit({
        max: scaled(perAddress.max),
        timeWindow: perAddress.windowMs,
        keyGenerator: (request) => `${name}:address:${normalizeIP(request.ip)}`,
        skipOnError: true,
      });
      const byAccount = app.createRateLimit({
        max: scaled(perAccount.max),
        timeWindow: perAccount.windowMs,
        keyGenerator: (request) => `${name}:account:${accountKey(perAccount.key(request) ?? '')}`,
        skipOnError: true,
      });

      return async (request, reply) => {
        const checks = [byAddress(request)];
        if (perAccount.key(request) !== undefined) checks.push(byAccount(request));
        for (const result of await Promise.all(checks)) {
          if (!result.isAllowed && result.isExceeded) {
            reply.header('retry-after', String(result.ttlInSeconds));
            request.log.info({ limit: name, key: result.key.split(':').slice(0, 2).join(':') }, 'rate limit reached');
            throw new TooManyAttemptsError(message ?? tooManyAttemptsMessage);
          }
        }
      };
    });
  },
  { name: 'rate-limit' },
);
