import { Redis } from 'ioredis';
import type { Logger } from '../logging';

/** How long a command on a request's path may take before the caller stops waiting for Redis. */
export const REQUEST_PATH_COMMAND_TIMEOUT_MS = 250;

/**
 * A Redis connection for work on a request's path (login throttling, signature records): while
 * Redis is away a command fails at once (no offline queue, no retries) or after
 * REQUEST_PATH_COMMAND_TIMEOUT_MS, so the caller falls back to its own memory instead of stalling
 * the request. The connection keeps reconnecting in the background, also when Redis is away (or
 * goes away) while the process starts: the process starts without it rather than exiting.
 */
export async function connectRequestPathRedis(url: string, name: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REQUEST_PATH_COMMAND_TIMEOUT_MS,
    enableAutoPipelining: true,
    connectionName: `switchyard-${name}`,
  });
  redis.on('error', (error: unknown) => logger.debug({ err: error, connection: name }, 'redis connection error'));
  // connect() rejects ("Connection is closed.") when the first connection drops; ioredis still retries.
  await redis.connect().catch((error: unknown) => logger.warn({ err: error, connection: name }, 'Redis is not reachable: going on without it until it answers'));
  return redis;
}
