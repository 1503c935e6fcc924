/** An answer as the cache keeps it. */
export interface StoredAnswer {
  /** The JSON answer, as it was sent. */
  body: string;
  /** When it was stored (epoch milliseconds): the `Age` of each hit. */
  storedAt: number;
  /** Its policy's maxAge in seconds; the entry is gone after it. */
  maxAge: number;
}

/** A look-up: the entry if there is one, and the invalidation count when it was made. */
export interface StoreLookup {
  answer?: StoredAnswer;
  /** Passed back to `set`: an answer computed while an invalidation happened is not stored. */
  epoch: string;
}

/**
 * Where the response cache keeps answers, filed under tags (held-entities.ts) so a write drops
 * the entries holding what it changed. One file per implementation: memory-response-store.ts (a
 * bounded LRU per process) and redis-response-store.ts (shared by every replica).
 */
export interface ResponseStore {
  /** Whether every replica sees the same entries (a drop on one is a drop on all). */
  readonly shared: boolean;
  get(key: string): Promise<StoreLookup>;
  /** Stores unless an invalidation happened since `epoch`; says whether it did. */
  set(key: string, answer: StoredAnswer, tags: readonly string[], epoch: string): Promise<boolean>;
  /** Drops every entry filed under any of `tags`. */
  drop(tags: readonly string[]): Promise<void>;
  close(): Promise<void>;
}
