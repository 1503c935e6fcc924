import type { GateDecision } from './gate-decision';

const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 20_000;

/**
 * Decisions by idempotency key, so a retried gate call gets the same answer (and the same
 * reservation) instead of reserving twice. Per instance: a retry landing on another instance
 * reserves again, and the unused reservation is released when it expires.
 */
export class GateReplays {
  private readonly entries = new Map<string, { decision: GateDecision; expiresAt: number }>();

  get(key: string): GateDecision | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.decision;
    this.entries.delete(key);
    return undefined;
  }

  remember(key: string, decision: GateDecision): void {
    if (this.entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest tenth.
      let drop = MAX_ENTRIES / 10;
      for (const oldest of this.entries.keys()) {
        this.entries.delete(oldest);
        if (--drop === 0) break;
      }
    }
    this.entries.set(key, { decision, expiresAt: Date.now() + TTL_MS });
  }
}
