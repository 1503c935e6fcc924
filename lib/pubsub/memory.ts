import { pubsubMessages } from '../metrics/instruments';
import type { MessageListener, PubSub, TopicMap } from './pubsub';

/**
 * One process, no backend: the default when `REDIS_URL` is unset, and the local half of the
 * Redis pubsub. Messages are delivered on a later microtask, as they would be by a broker, so a
 * publisher never runs its subscribers inline.
 */
export class MemoryPubSub<Topics extends TopicMap> implements PubSub<Topics> {
  readonly connected = true;
  private readonly listeners = new Map<string, Set<MessageListener<unknown>>>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => undefined) {}

  async publish<T extends keyof Topics & string>(topic: T, message: Topics[T]): Promise<void> {
    pubsubMessages.inc({ topic, direction: 'published' });
    this.deliver(topic, message);
  }

  /** Hands `message` to this process's listeners of `topic` (a message that came from elsewhere). */
  deliver(topic: string, message: unknown): void {
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

  /** How many listeners `topic` has here. */
  listenerCount(topic: string): number {
    return this.listeners.get(topic)?.size ?? 0;
  }

  async subscribe<T extends keyof Topics & string>(topic: T, listener: MessageListener<Topics[T]>): Promise<() => void> {
    let listeners = this.listeners.get(topic);
    if (!listeners) this.listeners.set(topic, (listeners = new Set()));
    const entry = listener as MessageListener<unknown>;
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
      if (listeners.size === 0 && this.listeners.get(topic) === listeners) this.listeners.delete(topic);
    };
  }

  onConnectionChange(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
