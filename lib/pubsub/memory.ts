import { pubsubMessages } from '../metrics/instruments';
import type { MessageListener, PubSub, TopicMap } from './pubsub';

/**
 * One process, no backend: the default when `REDIS_URL` is unset. Messages are delivered on a
 * later microtask, as they would be by a broker, so a publisher never runs its subscribers inline.
 */
export class MemoryPubSub<Topics extends TopicMap> implements PubSub<Topics> {
  private readonly listeners = new Map<string, Set<MessageListener<unknown>>>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  async publish<T extends keyof Topics & string>(topic: T, message: Topics[T]): Promise<void> {
    pubsubMessages.inc({ topic, direction: 'published' });
    const listeners = this.listeners.get(topic);
    if (!listeners) return;
    // Structured clone keeps subscribers from sharing (and mutating) the publisher's object.
    const copy = structuredClone(message);
    for (const listener of [...listeners]) {
      queueMicrotask(() => {
        pubsubMessages.inc({ topic, direction: 'delivered' });
        try {
          listener(copy);
        } catch (error) {
          this.onListenerError(error);
        }
      });
    }
  }

  async subscribe<T extends keyof Topics & string>(topic: T, listener: MessageListener<Topics[T]>): Promise<() => void> {
    let listeners = this.listeners.get(topic);
    if (!listeners) this.listeners.set(topic, (listeners = new Set()));
    const entry = listener as MessageListener<unknown>;
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
      if (listeners.size === 0) this.listeners.delete(topic);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
