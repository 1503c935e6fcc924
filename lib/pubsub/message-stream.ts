import type { PubSub, TopicMap } from './pubsub';

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

  next(): Promise<IteratorResult<T>> {
    if (this.backlog.length > 0) return Promise.resolve({ value: this.backlog.shift()!, done: false });
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

/** A stream of one topic's messages, live once this resolves; `accept` filters them. */
export async function streamTopic<Topics extends TopicMap, T extends keyof Topics & string>(
  pubsub: PubSub<Topics>,
  topic: T,
  accept: (message: Topics[T]) => boolean = () => true,
): Promise<MessageStream<Topics[T]>> {
  let unsubscribe: () => void = () => undefined;
  const stream = new MessageStream<Topics[T]>(() => unsubscribe());
  unsubscribe = await pubsub.subscribe(topic, (message) => {
    if (accept(message)) stream.push(message);
  });
  return stream;
}
