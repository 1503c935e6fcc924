import { LRUCache } from 'lru-cache';
import type { FirstClaims } from './first-claims';

/**
 * Claims held in this process at most: past that the least recently claimed go first. An evicted
 * claim can be made again; at this size that takes 100,000 newer claims within its lifetime.
 */
export const MEMORY_CLAIMS_KEPT = 100_000;

/** Claims in this process's memory, bounded: right for one instance, and Redis's stand-in while it is away. */
export class MemoryFirstClaims implements FirstClaims {
  private readonly claims: LRUCache<string, string>;

  constructor(max = MEMORY_CLAIMS_KEPT, now: () => number = () => performance.now()) {
    this.claims = new LRUCache<string, string>({ max, perf: { now }, ttlResolution: 0 });
  }

  async claim(key: string, value: string, ttlSeconds: number): Promise<string> {
    const recorded = this.claims.get(key);
    if (recorded !== undefined) return recorded;
    this.claims.set(key, value, { ttl: ttlSeconds * 1000 });
    return value;
  }

  async release(key: string, value: string): Promise<void> {
    if (this.claims.get(key) === value) this.claims.delete(key);
  }

  async close(): Promise<void> {
    this.claims.clear();
  }
}
