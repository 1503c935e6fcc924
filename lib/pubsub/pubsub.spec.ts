import { createLogger } from '../logging';
import { openPubSub, streamTopic, type PubSub } from './index';

enum TestTopic {
  Greeting = 'test.greeting',
  Other = 'test.other',
}
interface TestTopics {
  [TestTopic.Greeting]: { text: string; n: number };
  [TestTopic.Other]: { flag: boolean };
}

const logger = createLogger('pubsub-test', 'silent');

function nextMessage<T>(stream: AsyncIterator<T>): Promise<T> {
  return stream.next().then((result) => result.value as T);
}

interface Backend {
  name: string;
  /** Two handles on the same backend, standing for two processes. */
  open(): Promise<[PubSub<TestTopics>, PubSub<TestTopics>]>;
}

const backends: Backend[] = [
  {
    name: 'memory',
    async open() {
      const one = await openPubSub<TestTopics>(undefined, logger);
      return [one, one];
    },
  },
];
if (process.env.REDIS_URL) {
  // A namespace of its own: other test runs may share the Redis server.
  const options = { namespace: `pubsub-test-${process.pid}-${Date.now()}` };
  backends.push({
    name: 'redis',
    open: async () => [
      await openPubSub<TestTopics>(process.env.REDIS_URL, logger, options),
      await openPubSub<TestTopics>(process.env.REDIS_URL, logger, options),
    ],
  });
}

describe.each(backends)('pubsub [$name]', ({ open }) => {
  let publisher: PubSub<TestTopics>;
  let subscriber: PubSub<TestTopics>;

  beforeAll(async () => {
    [publisher, subscriber] = await open();
  });
  afterAll(async () => {
    await publisher.close();
    if (subscriber !== publisher) await subscriber.close();
  });

  it('delivers a message published after subscribe resolved, in publishing order', async () => {
    const stream = await streamTopic(subscriber, TestTopic.Greeting);
    await publisher.publish(TestTopic.Greeting, { text: 'hello', n: 1 });
    await publisher.publish(TestTopic.Greeting, { text: 'again', n: 2 });
    expect(await nextMessage(stream)).toEqual({ text: 'hello', n: 1 });
    expect(await nextMessage(stream)).toEqual({ text: 'again', n: 2 });
    await stream.return();
  });

  it('keeps topics apart and filters', async () => {
    const evens = await streamTopic(subscriber, TestTopic.Greeting, (message) => message.n % 2 === 0);
    const other = await streamTopic(subscriber, TestTopic.Other);
    await publisher.publish(TestTopic.Greeting, { text: 'odd', n: 3 });
    await publisher.publish(TestTopic.Other, { flag: true });
    await publisher.publish(TestTopic.Greeting, { text: 'even', n: 4 });
    expect(await nextMessage(other)).toEqual({ flag: true });
    expect(await nextMessage(evens)).toEqual({ text: 'even', n: 4 });
    await Promise.all([evens.return(), other.return()]);
  });

  it('stops delivering once the stream is returned', async () => {
    const received: number[] = [];
    const unsubscribe = await subscriber.subscribe(TestTopic.Greeting, (message) => received.push(message.n));
    const stream = await streamTopic(subscriber, TestTopic.Greeting);
    await publisher.publish(TestTopic.Greeting, { text: 'seen', n: 5 });
    await nextMessage(stream);
    unsubscribe();
    await publisher.publish(TestTopic.Greeting, { text: 'unseen', n: 6 });
    expect(await nextMessage(stream)).toEqual({ text: 'unseen', n: 6 });
    expect(received).toEqual([5]);
    expect(await stream.return()).toEqual({ value: undefined, done: true });
    expect(await stream.next()).toEqual({ value: undefined, done: true });
  });
});
