/**
 * @fastify/rate-limit with no global limit, its counters in Redis when REDIS_URL is set (shared by every server
 * process), otherwise in memory. Nothing is limited here: `app.attemptLimit` (plugins/app/attempt-limit.ts) makes
 * the shop's limiters on top of it (decisions 024 and 044).
 */
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../../config.ts';

export interface RateLimitPluginOptions {
  config: Pick<Config, 'redisUrl'>;
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
  },
  { name: 'rate-limit' },
);
