/** Topic name → the message type published on it; each domain keys its map by an enum. */
export type TopicMap = object;

export type MessageListener<M> = (message: M) => void;

/**
 * Messages between the processes of the platform. Delivery is at-most-once and unordered
 * between publishers, ordered per publisher; a subscriber sees everything published after its
 * `subscribe` resolved, on any instance sharing the backend.
 */
export interface PubSub<Topics extends TopicMap> {
  publish<T extends keyof Topics & string>(topic: T, message: Topics[T]): Promise<void>;
  /** Resolves once the subscription is live; the returned function ends it. */
  subscribe<T extends keyof Topics & string>(topic: T, listener: MessageListener<Topics[T]>): Promise<() => void>;
  close(): Promise<void>;
}
