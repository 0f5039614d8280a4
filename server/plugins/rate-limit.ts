import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { exemptFromAddressLimits } from '../address-list';

/**
 * Per-IP rate limits for the routes that ask for one (`config.rateLimit`): shared across processes through
 * Redis when REDIS_URL is set, in memory otherwise (ioredis is then never loaded, which keeps it off the
 * start-up path).
 */
export const rateLimits = fp(async (app) => {
  const { config } = app.ctx;
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: true,
        lazyConnect: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'shop-rl:' } : {}),
    // If Redis is down, let the request through rather than turning a rate-limit store outage into 500s.
    skipOnError: true,
    // RATE_LIMIT_ALLOW: a QA runner's address, say, is never limited.
    allowList: (request) => exemptFromAddressLimits(config, request.ip),
    errorResponseBuilder: (_req, context) => {
      const err = new Error(`Too many requests, please try again in ${context.after}`) as Error & {
        statusCode: number;
      };
      err.statusCode = context.statusCode;
      return err;
    },
  });
});
