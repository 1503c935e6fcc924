import { debugLog } from '../debug-log';
import type { GuardClient } from '../transport/guard-client';

/**
 * Keeps open chains alive on the gateway: while a `chain()` scope runs, `POST /heartbeat` goes
 * out at the interval the gateway announced, so a long pause between calls does not let the
 * chain's idle TTL expire.
 */
export class ChainHeartbeats {
  private readonly open = new Map<string, { scopes: number; timer: NodeJS.Timeout }>();

  constructor(
    private readonly client: GuardClient,
    private intervalMs: number,
  ) {}

  setInterval(intervalMs: number): void {
    this.intervalMs = intervalMs;
  }

  /** A chain scope opened; returns the function that closes it. */
  enter(chainId: string): () => void {
    const existing = this.open.get(chainId);
    if (existing) existing.scopes += 1;
    else {
      const timer = setInterval(() => void this.beat(chainId), this.intervalMs);
      timer.unref();
      this.open.set(chainId, { scopes: 1, timer });
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const entry = this.open.get(chainId);
      if (!entry) return;
      entry.scopes -= 1;
      if (entry.scopes > 0) return;
      clearInterval(entry.timer);
      this.open.delete(chainId);
    };
  }

  stop(): void {
    for (const { timer } of this.open.values()) clearInterval(timer);
    this.open.clear();
  }

  private async beat(chainId: string): Promise<void> {
    try {
      await this.client.post('/heartbeat', { chain_id: chainId });
    } catch (error) {
      debugLog(`heartbeat of chain ${chainId} failed`, error instanceof Error ? error.message : error);
    }
  }
}
