import { createServer, type Server } from 'node:net';
import type { Redis } from 'ioredis';
import { createLogger } from '../logging';
import { freePort } from '../../test/support/free-port';
import { eventually } from '../../test/support/eventually';
import { OwnRedisServer } from '../../test/support/redis-server';
import { connectRequestPathRedis } from './request-path-connection';

const logger = createLogger('request-path-redis-test', 'silent');

/**
 * Redis going away while a process starts (the chaos run saw a gateway exit on "Connection is
 * closed."): a server that drops every connection as soon as it is accepted stands for it. The
 * connection opens anyway, fails commands fast while Redis is away, and answers once a real
 * Redis listens on that port.
 */
(OwnRedisServer.available ? describe : describe.skip)('request-path Redis: away at start-up', () => {
  let port: number;
  let dropping: Server | undefined;
  let redis: Redis | undefined;
  let own: OwnRedisServer | undefined;

  beforeAll(async () => {
    port = await freePort();
    dropping = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropping!.listen(port, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    redis?.disconnect();
    await new Promise<void>((resolve) => (dropping ? dropping.close(() => resolve()) : resolve()));
    await own?.stop();
  });

  it('opens without Redis, fails commands fast meanwhile, and joins Redis when it answers', async () => {
    redis = await connectRequestPathRedis(`redis://127.0.0.1:${port}`, 'test', logger);
    await expect(redis.get('anything')).rejects.toThrow();

    await new Promise<void>((resolve) => dropping!.close(() => resolve()));
    dropping = undefined;
    own = await OwnRedisServer.start(port);
    const connection = redis;
    await eventually(async () => (await connection.ping().catch(() => undefined)) === 'PONG', 30_000, 'the connection answering once Redis is up');
  });
});
