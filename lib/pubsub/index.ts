import type { Logger } from '../logging';
import { MemoryPubSub } from './memory';
import type { PubSub, TopicMap } from './pubsub';

export type { MessageListener, PubSub, TopicMap } from './pubsub';
export { MemoryPubSub } from './memory';
export { MessageStream, streamTopics, type TopicListeners } from './message-stream';

export interface PubSubOptions {
  /** Prefix of every Redis channel, so deployments sharing a server stay apart. @default "switchyard" */
  namespace?: string;
}

/**
 * The process's pubsub: Redis when `redisUrl` is set (a message raised on any instance reaches
 * subscribers on all), else in memory. ioredis is loaded only when configured.
 */
export async function openPubSub<Topics extends TopicMap>(
  redisUrl: string | undefined,
  logger: Logger,
  options: PubSubOptions = {},
): Promise<PubSub<Topics>> {
  if (!redisUrl) return new MemoryPubSub<Topics>((error) => logger.error({ err: error }, 'pubsub listener failed'));
  const { RedisPubSub } = await import('./redis');
  return RedisPubSub.connect<Topics>(redisUrl, logger, options.namespace ?? 'switchyard');
}
