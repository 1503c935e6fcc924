/** Topic name → the message type published on it; each domain keys its map by an enum. */
export type TopicMap = object;

export type MessageListener<M> = (message: M) => void;

/**
 * Messages between the processes of the platform. A message reaches this process's subscribers
 * at once (on a later microtask), whatever the backend's health, and the subscribers of other
 * instances when the backend carries it: delivery to them is at-most-once and unordered between
 * publishers, ordered per publisher. A subscriber sees everything published after its
 * `subscribe` resolved, here always, elsewhere while `connected`.
 */
export interface PubSub<Topics extends TopicMap> {
  /**
   * Delivers here, then hands the message to the backend without waiting for it: a publish never
   * waits on, nor fails because of, a backend that is away (the loss is logged and counted).
   * Whoever must not lose a message across instances keeps its truth elsewhere (the database).
   */
  publish<T extends keyof Topics & string>(topic: T, message: Topics[T]): Promise<void>;
  /** Resolves once the subscription is live; the returned function ends it. */
  subscribe<T extends keyof Topics & string>(topic: T, listener: MessageListener<Topics[T]>): Promise<() => void>;
  /** Whether messages of other instances reach this one now (always, in memory). */
  readonly connected: boolean;
  /** Calls `listener` on every change of `connected`; the returned function stops it. */
  onConnectionChange(listener: (connected: boolean) => void): () => void;
  close(): Promise<void>;
}
