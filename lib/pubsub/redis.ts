import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logging';
import { pubsubMessages } from '../metrics/instruments';
import { closeRedis, openRedis } from '../redis';
import { MemoryPubSub } from './memory';
import type { MessageListener, PubSub, TopicMap } from './pubsub';

/** How long a SUBSCRIBE may hold up `subscribe` while connected; past it the listener is live here and joins Redis when it answers. */
const SUBSCRIBE_WAIT_MS = 2_000;
/** A PUBLISH that Redis has not answered within this long fails: a server that hangs instead of refusing. */
const COMMAND_TIMEOUT_MS = 2_000;

/** What travels on a channel: the message and the instance that published it. */
interface Envelope {
  origin: string;
  message: unknown;
}

/**
 * Redis PUBLISH/SUBSCRIBE over a local delivery: a message reaches this process's listeners at
 * once (never through Redis, so never later, and its echo from Redis is dropped) and the other
 * instances through Redis. Redis is kept off every caller's path: a publish hands its message to
 * a connection without an offline queue and does not wait for the answer, so an outage costs
 * other instances the messages published meanwhile (logged once, counted as `dropped`), never a
 * caller's time. The listening connection re-subscribes by itself when Redis comes back;
 * `onConnectionChange` tells whoever must catch up from elsewhere (the database).
 */
export class RedisPubSub<Topics extends TopicMap> implements PubSub<Topics> {
  private readonly local: MemoryPubSub<Topics>;
  private readonly origin = randomUUID();
  /** Channels subscribed (or being subscribed) in Redis. */
  private readonly channels = new Set<string>();
  /** SUBSCRIBE commands in flight per channel, so concurrent subscribers wait for the same one. */
  private readonly subscribing = new Map<string, Promise<void>>();
  private readonly connectionListeners = new Set<(connected: boolean) => void>();
  private isConnected = false;
  private dropping = false;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly logger: Logger,
    /** Keeps our channels apart from anything else sharing the Redis server. */
    private readonly channelPrefix: string,
  ) {
    this.local = new MemoryPubSub<Topics>((error) => logger.error({ err: error }, 'pubsub listener failed'));
    subscriber.on('message', (channel: string, raw: string) => this.receive(channel, raw));
    subscriber.on('ready', () => this.setConnected(true));
    subscriber.on('close', () => this.setConnected(false));
    this.isConnected = subscriber.status === 'ready';
  }

  /** Connects, waiting a little for Redis; a process whose Redis is away starts all the same. */
  static async connect<Topics extends TopicMap>(url: string, logger: Logger, namespace: string): Promise<RedisPubSub<Topics>> {
    // Subscriptions made while Redis is away wait for it; those made before are re-sent by ioredis.
    const [publisher, subscriber] = await Promise.all([
      openRedis(url, { name: 'pub', mode: 'fail-fast', commandTimeoutMs: COMMAND_TIMEOUT_MS }, logger),
      openRedis(url, { name: 'sub', mode: 'wait' }, logger),
    ]);
    return new RedisPubSub<Topics>(publisher, subscriber, logger, `${namespace}:`);
  }

  get connected(): boolean {
    return this.isConnected;
  }

  onConnectionChange(listener: (connected: boolean) => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  async publish<T extends keyof Topics & string>(topic: T, message: Topics[T]): Promise<void> {
    await this.local.publish(topic, message);
    const envelope: Envelope = { origin: this.origin, message };
    this.publisher.publish(this.channelPrefix + topic, JSON.stringify(envelope)).then(
      () => this.reached(),
      (error: unknown) => this.dropped(topic, error),
    );
  }

  async subscribe<T extends keyof Topics & string>(topic: T, listener: MessageListener<Topics[T]>): Promise<() => void> {
    const channel = this.channelPrefix + topic;
    const unsubscribeHere = await this.local.subscribe(topic, listener);
    if (!this.channels.has(channel)) this.subscribeInRedis(channel);
    const subscribing = this.subscribing.get(channel);
    // Connected, the subscription is live everywhere once this resolves (or Redis refused it).
    // Away, it is live here now and everywhere once Redis is back.
    if (subscribing && this.isConnected) {
      try {
        await settlesWithin(subscribing, SUBSCRIBE_WAIT_MS);
      } catch (error) {
        unsubscribeHere();
        throw error;
      }
    }
    return () => {
      unsubscribeHere();
      if (this.local.listenerCount(topic) > 0 || !this.channels.delete(channel)) return;
      this.subscriber.unsubscribe(channel).catch((error: unknown) => this.logger.warn({ err: error, channel }, 'redis unsubscribe failed'));
    };
  }

  async close(): Promise<void> {
    await this.local.close();
    this.connectionListeners.clear();
    await Promise.all([closeRedis(this.publisher), closeRedis(this.subscriber)]);
  }

  private subscribeInRedis(channel: string): void {
    this.channels.add(channel);
    const settled = () => {
      if (this.subscribing.get(channel) === subscribing) this.subscribing.delete(channel);
    };
    // A refused SUBSCRIBE forgets the channel, so the next subscriber sends it again instead of
    // joining a channel Redis never delivers.
    const subscribing: Promise<void> = this.subscriber.subscribe(channel).then(settled, (error: unknown) => {
      settled();
      this.channels.delete(channel);
      this.logger.warn({ err: error, channel }, 'redis refused a subscription');
      throw error;
    });
    subscribing.catch(() => undefined);
    this.subscribing.set(channel, subscribing);
  }

  private receive(channel: string, raw: string): void {
    if (!channel.startsWith(this.channelPrefix)) return;
    let envelope: Partial<Envelope> | null;
    try {
      envelope = JSON.parse(raw) as Partial<Envelope> | null;
    } catch {
      envelope = null;
    }
    if (typeof envelope?.origin !== 'string' || !('message' in envelope)) {
      this.logger.warn({ channel }, 'dropped a pubsub message that is not ours');
      return;
    }
    // Our own message was delivered here when it was published.
    if (envelope.origin === this.origin) return;
    this.local.deliver(channel.slice(this.channelPrefix.length), envelope.message);
  }

  private setConnected(connected: boolean): void {
    if (connected === this.isConnected) return;
    this.isConnected = connected;
    if (connected) {
      this.logger.info('redis pubsub connected');
    } else {
      this.logger.warn('redis pubsub disconnected: messages of other instances stop until it is back');
    }
    for (const listener of [...this.connectionListeners]) {
      try {
        listener(connected);
      } catch (error) {
        this.logger.error({ err: error }, 'pubsub connection listener failed');
      }
    }
  }

  private reached(): void {
    if (!this.dropping) return;
    this.dropping = false;
    this.logger.info('pubsub messages reach Redis again');
  }

  private dropped(topic: string, error: unknown): void {
    pubsubMessages.inc({ topic, direction: 'dropped' });
    if (this.dropping) return;
    this.dropping = true;
    this.logger.warn({ err: error, topic }, 'pubsub messages are not reaching Redis: other instances miss them until it is back');
  }
}

/** Waits for `promise` at most `ms`; rethrows its failure. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
