import type { MessageListener, PubSub, TopicMap } from './pubsub';

/** Messages a consumer has not taken yet; past this the consumer is stuck and the stream ends. */
const DEFAULT_BACKLOG_LIMIT = 10_000;

/**
 * An async iterator fed by push callbacks, for GraphQL subscriptions: `push` buffers until the
 * consumer asks, `return()` (the consumer went away) runs the cleanup exactly once.
 */
export class MessageStream<T> implements AsyncIterableIterator<T> {
  private readonly backlog: T[] = [];
  private waiting?: (result: IteratorResult<T>) => void;
  private finished = false;
  private ending = false;

  constructor(
    private readonly cleanup: () => void = () => undefined,
    private readonly backlogLimit = DEFAULT_BACKLOG_LIMIT,
  ) {}

  push(value: T): void {
    if (this.finished) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value, done: false });
      return;
    }
    if (this.backlog.length >= this.backlogLimit) {
      void this.return();
      return;
    }
    this.backlog.push(value);
  }

  /** No more values: what is buffered is still taken, then the end (and the cleanup). */
  end(): void {
    this.ending = true;
    if (this.backlog.length === 0) void this.return();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.backlog.length > 0) return Promise.resolve({ value: this.backlog.shift()!, done: false });
    if (this.ending) void this.return();
    if (this.finished) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<T>> {
    if (!this.finished) {
      this.finished = true;
      this.backlog.length = 0;
      this.cleanup();
      this.waiting?.({ value: undefined, done: true });
      this.waiting = undefined;
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}

/** What a stream does with each topic's messages (typically: push what it makes of them). */
export type TopicListeners<Topics extends TopicMap> = { [T in keyof Topics & string]?: MessageListener<Topics[T]> };

/**
 * A stream fed by several topics, live once this resolves: `listeners` says what to do with
 * each topic's messages, `ready` (optional) runs once all are subscribed (say, to push a first
 * snapshot). If a subscription or `ready` fails, every subscription made so far is released
 * and the error rethrown, so a failed start leaks no listener.
 */
export async function streamTopics<Topics extends TopicMap, T>(
  pubsub: PubSub<Topics>,
  listeners: (stream: MessageStream<T>) => TopicListeners<Topics>,
  ready: (stream: MessageStream<T>) => Promise<void> = async () => undefined,
): Promise<MessageStream<T>> {
  const unsubscribes: Array<() => void> = [];
  const stream = new MessageStream<T>(() => unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe()));
  try {
    const topics = Object.entries(listeners(stream)) as Array<[keyof Topics & string, MessageListener<Topics[keyof Topics & string]>]>;
    // One at a time: each unsubscribe is recorded before the next subscription can fail.
    for (const [topic, listener] of topics) unsubscribes.push(await pubsub.subscribe(topic, listener));
    await ready(stream);
  } catch (error) {
    await stream.return();
    throw error;
  }
  return stream;
}
