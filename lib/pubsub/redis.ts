import { Redis } from 'ioredis';
import type { Logger } from '../logging';
import { pubsubMessages } from '../metrics/instruments';
import type { MessageListener, PubSub, TopicMap } from './pubsub';

/**
 * Redis PUBLISH/SUBSCRIBE, so a message raised on any instance reaches subscribers on all. One
 * connection publishes; one, in subscriber mode, listens to each channel that has listeners here.
 */
export class RedisPubSub<Topics extends TopicMap> implements PubSub<Topics> {
  private readonly listeners = new Map<string, Set<MessageListener<unknown>>>();
  /** SUBSCRIBE commands in flight per channel, so concurrent subscribers wait for the same one. */
  private readonly subscribing = new Map<string, Promise<unknown>>();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly logger: Logger,
    /** Keeps our channels apart from anything else sharing the Redis server. */
    private readonly channelPrefix: string,
  ) {
    subscriber.on('message', (channel: string, raw: string) => this.deliver(channel, raw));
  }

  static async connect<Topics extends TopicMap>(url: string, logger: Logger, namespace: string): Promise<RedisPubSub<Topics>> {
    // Commands wait for a reconnect instead of failing at once; a dead server still fails them.
    const options = { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true };
    const publisher = new Redis(url, { ...options, connectionName: 'switchyard-pub' });
    const subscriber = new Redis(url, { ...options, connectionName: 'switchyard-sub' });
    for (const connection of [publisher, subscriber]) {
      connection.on('error', (error: unknown) => logger.warn({ err: error }, 'redis pubsub connection error'));
    }
    await Promise.all([publisher.connect(), subscriber.connect()]);
    return new RedisPubSub<Topics>(publisher, subscriber, logger, `${namespace}:`);
  }

  async publish<T extends keyof Topics & string>(topic: T, message: Topics[T]): Promise<void> {
    await this.publisher.publish(this.channelPrefix + topic, JSON.stringify(message));
    pubsubMessages.inc({ topic, direction: 'published' });
  }

  async subscribe<T extends keyof Topics & string>(topic: T, listener: MessageListener<Topics[T]>): Promise<() => void> {
    const channel = this.channelPrefix + topic;
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      const created = new Set<MessageListener<unknown>>();
      this.listeners.set(channel, (listeners = created));
      const settled = () => {
        if (this.subscribing.get(channel) === subscribing) this.subscribing.delete(channel);
      };
      // A refused SUBSCRIBE forgets the channel, so the next subscriber sends it again instead
      // of joining a channel Redis never delivers.
      const subscribing: Promise<unknown> = this.subscriber.subscribe(channel).then(settled, (error: unknown) => {
        settled();
        if (this.listeners.get(channel) === created) this.listeners.delete(channel);
        throw error;
      });
      this.subscribing.set(channel, subscribing);
    }
    const entry = listener as MessageListener<unknown>;
    listeners.add(entry);
    try {
      await this.subscribing.get(channel);
    } catch (error) {
      listeners.delete(entry);
      throw error;
    }
    return () => {
      listeners.delete(entry);
      if (listeners.size > 0 || this.listeners.get(channel) !== listeners) return;
      this.listeners.delete(channel);
      this.subscriber.unsubscribe(channel).catch((error: unknown) => this.logger.warn({ err: error, channel }, 'redis unsubscribe failed'));
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }

  private deliver(channel: string, raw: string): void {
    const listeners = this.listeners.get(channel);
    if (!listeners) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      this.logger.warn({ channel }, 'dropped a pubsub message that is not JSON');
      return;
    }
    const topic = channel.slice(this.channelPrefix.length);
    for (const listener of [...listeners]) {
      pubsubMessages.inc({ topic, direction: 'delivered' });
      try {
        listener(message);
      } catch (error) {
        this.logger.error({ err: error, channel }, 'pubsub listener failed');
      }
    }
  }
}
