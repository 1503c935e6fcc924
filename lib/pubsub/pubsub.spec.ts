import { createLogger } from '../logging';
import { openPubSub, streamTopics, type MessageStream, type PubSub } from './index';

enum TestTopic {
  Greeting = 'test.greeting',
  Other = 'test.other',
}
interface TestTopics {
  [TestTopic.Greeting]: { text: string; n: number };
  [TestTopic.Other]: { flag: boolean };
}

const logger = createLogger('pubsub-test', 'silent');

/** One topic's messages that `accept` lets through, as a stream. */
function streamTopic<T extends keyof TestTopics>(pubsub: PubSub<TestTopics>, topic: T, accept: (message: TestTopics[T]) => boolean = () => true): Promise<MessageStream<TestTopics[T]>> {
  return streamTopics<TestTopics, TestTopics[T]>(pubsub, (stream) => ({ [topic]: (message: TestTopics[T]) => accept(message) && stream.push(message) }));
}

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

  it('feeds one stream from several topics', async () => {
    const stream = await streamTopics<TestTopics, string>(subscriber, (feed) => ({
      [TestTopic.Greeting]: (message) => feed.push(message.text),
      [TestTopic.Other]: (message) => feed.push(String(message.flag)),
    }));
    await publisher.publish(TestTopic.Greeting, { text: 'hi', n: 7 });
    expect(await nextMessage(stream)).toBe('hi');
    await publisher.publish(TestTopic.Other, { flag: false });
    expect(await nextMessage(stream)).toBe('false');
    await stream.return();
  });

  it('releases every subscription when the start fails', async () => {
    const received: string[] = [];
    const failed = streamTopics<TestTopics, string>(
      subscriber,
      () => ({ [TestTopic.Greeting]: (message) => received.push(message.text), [TestTopic.Other]: () => received.push('other') }),
      async () => {
        throw new Error('no snapshot');
      },
    );
    await expect(failed).rejects.toThrow('no snapshot');
    const witness = await streamTopic(subscriber, TestTopic.Greeting);
    await publisher.publish(TestTopic.Other, { flag: true });
    await publisher.publish(TestTopic.Greeting, { text: 'after', n: 8 });
    expect(await nextMessage(witness)).toEqual({ text: 'after', n: 8 });
    expect(received).toEqual([]);
    await witness.return();
  });
});
