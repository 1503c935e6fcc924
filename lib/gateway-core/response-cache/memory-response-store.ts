import { LRUCache } from 'lru-cache';
import type { ResponseStore, StoreLookup, StoredAnswer } from './response-store';

interface Entry {
  answer: StoredAnswer;
  tags: readonly string[];
}

/** Answers in this process: at most `maxEntries`, the least recently read going first, each for its maxAge. */
export class MemoryResponseStore implements ResponseStore {
  readonly shared = false;
  private readonly entries: LRUCache<string, Entry>;
  private readonly keysByTag = new Map<string, Set<string>>();
  private epoch = 0;

  constructor(maxEntries: number) {
    this.entries = new LRUCache<string, Entry>({
      max: maxEntries,
      // Whatever removes an entry (eviction, expiry, a drop, a replacement) takes it out of its tags.
      dispose: (entry, key) => this.unfile(key, entry.tags),
    });
  }

  async get(key: string): Promise<StoreLookup> {
    return { answer: this.entries.get(key)?.answer, epoch: String(this.epoch) };
  }

  async set(key: string, answer: StoredAnswer, tags: readonly string[], epoch: string): Promise<boolean> {
    if (epoch !== String(this.epoch)) return false;
    const lifetime = answer.storedAt + answer.maxAge * 1000 - Date.now();
    if (lifetime <= 0) return false;
    this.entries.set(key, { answer, tags }, { ttl: lifetime });
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  async drop(tags: readonly string[]): Promise<void> {
    this.epoch += 1;
    for (const tag of tags) for (const key of [...(this.keysByTag.get(tag) ?? [])]) this.entries.delete(key);
  }

  private unfile(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}
