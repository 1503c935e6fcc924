import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLogger } from '../logging';
import { openPubSub, streamTopics, type PubSub } from './index';

interface Topics {
  'test.denied': { n: number };
}

const logger = createLogger('redis-pubsub-test', 'silent');
const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

/**
 * A SUBSCRIBE that Redis refuses, made real with an ACL user not (yet) allowed on the channel:
 * the channel must not stay marked as subscribed, so a later subscriber gets its messages.
 */
describeWithRedis('redis pubsub: a refused SUBSCRIBE', () => {
  const namespace = `redis-pubsub-test-${process.pid}-${Date.now()}`;
  const user = `switchyard-${namespace}`;
  const password = randomBytes(16).toString('hex');
  let admin: Redis;
  let publisher: PubSub<Topics>;
  let restricted: PubSub<Topics>;

  beforeAll(async () => {
    admin = new Redis(process.env.REDIS_URL!);
    await admin.call('ACL', 'SETUSER', user, 'on', `>${password}`, '~*', '+@all', 'resetchannels', `&${namespace}:allowed`);
    const url = new URL(process.env.REDIS_URL!);
    url.username = user;
    url.password = password;
    restricted = await openPubSub<Topics>(url.toString(), logger, { namespace });
    publisher = await openPubSub<Topics>(process.env.REDIS_URL, logger, { namespace });
  });
  afterAll(async () => {
    await Promise.all([restricted?.close(), publisher?.close()]);
    await admin.call('ACL', 'DELUSER', user);
    await admin.quit();
  });

  it('rejects, and a later subscribe sends SUBSCRIBE again and receives', async () => {
    await expect(restricted.subscribe('test.denied', () => undefined)).rejects.toThrow(/NOPERM|permission/i);
    await admin.call('ACL', 'SETUSER', user, `&${namespace}:test.denied`);
    const stream = await streamTopics<Topics, number>(restricted, (feed) => ({ 'test.denied': (message) => feed.push(message.n) }));
    await publisher.publish('test.denied', { n: 1 });
    expect(await stream.next()).toEqual({ value: 1, done: false });
    await stream.return();
  });
});
