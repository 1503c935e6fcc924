import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../logging';

/** How long opening a connection waits for Redis before going on without it (it joins when Redis answers). */
const CONNECT_WAIT_MS = 3_000;

export interface RedisConnectionOptions {
  /** Names the connection in `CLIENT LIST` and in our log lines. */
  name: string;
  /**
   * `fail-fast` (for callers' paths): no offline queue, no retries, commands fail after
   * `commandTimeoutMs`, so nobody waits on a Redis that is away. `wait` (for a subscriber):
   * commands wait for the connection to come back, and ioredis re-subscribes its channels.
   */
  mode: 'fail-fast' | 'wait';
  /** @default 2000 */
  commandTimeoutMs?: number;
}

/**
 * A Redis connection that a process starts with whether Redis answers or not: it waits a little
 * for the first connection, then goes on (ioredis keeps reconnecting). Its errors are logged once
 * each, not once per reconnect attempt.
 */
export async function openRedis(url: string, options: RedisConnectionOptions, logger: Logger): Promise<Redis> {
  const modeOptions: RedisOptions =
    options.mode === 'fail-fast'
      ? { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: options.commandTimeoutMs ?? 2_000, enableAutoPipelining: true }
      : { maxRetriesPerRequest: null };
  const redis = new Redis(url, { ...modeOptions, connectionName: `switchyard-${options.name}` });
  let lastError: string | undefined;
  redis.on('error', (error: Error) => {
    if (error.message !== lastError) logger.warn({ err: error, connection: options.name }, 'redis connection error');
    lastError = error.message;
  });
  redis.on('ready', () => (lastError = undefined));
  if (!(await readyWithin(redis, CONNECT_WAIT_MS))) logger.warn({ connection: options.name }, 'Redis is not reachable: going on without it until it answers');
  return redis;
}

/** Ends a connection whether it is up or away (QUIT would wait in the offline queue of one that is away). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

function readyWithin(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, ms);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}
