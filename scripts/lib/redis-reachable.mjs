/** Whether a Redis answers at a URL, asked once with a short time-out: for scripts that need one to run a part. */
import { Redis } from 'ioredis';

export async function redisReachable(url) {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
