/**
 * The tests' own Redis: database 15 of the local server (TEST_REDIS_URL, which `npm test` sets when Redis answers),
 * never database 0, where a developer's own shop keeps its counters. Tests that write to it remove what they wrote,
 * and never empty it, since another test file may be counting in it at the same time.
 */
import { Redis } from 'ioredis';

/** Unset when no Redis was found: the tests that need one skip and say so (tests/support/skips.ts). */
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

/** The prefix of every rate-limit counter the app keeps in Redis (src/server/plugins/external/rate-limit.ts). */
const RATE_LIMIT_KEYS = 'roastandco-rate-limit:*';

async function keysMatching(redis: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/** Deletes the rate-limit counters matching `pattern` (after the prefix), e.g. one client address's. */
export async function deleteRateLimitKeys(url: string, pattern: string): Promise<number> {
  const redis = new Redis(url);
  try {
    const keys = await keysMatching(redis, RATE_LIMIT_KEYS.replace('*', pattern));
    return keys.length > 0 ? await redis.del(...keys) : 0;
  } finally {
    await redis.quit();
  }
}

/**
 * Remembers the rate-limit counters there now; `removeAdded()` deletes those added since, except the ones `keep`
 * names (another file's, counted at the same time). For tests whose counters are under random keys of their own.
 */
export async function trackRateLimitKeys(url: string, keep: (key: string) => boolean = () => false) {
  const redis = new Redis(url);
  const before = new Set(await keysMatching(redis, RATE_LIMIT_KEYS));
  await redis.quit();
  return {
    async removeAdded(): Promise<number> {
      const after = new Redis(url);
      try {
        const added = (await keysMatching(after, RATE_LIMIT_KEYS)).filter((key) => !before.has(key) && !keep(key));
        return added.length > 0 ? await after.del(...added) : 0;
      } finally {
        await after.quit();
      }
    },
  };
}
