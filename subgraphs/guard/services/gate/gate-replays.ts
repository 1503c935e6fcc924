import type { GateDecision } from './gate-decision';

const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 20_000;

interface Replay {
  decision: Promise<GateDecision>;
  expiresAt: number;
}

/**
 * Decisions by idempotency key, so a retried gate call gets the same answer (and the same
 * reservation) instead of reserving twice. The decision is kept while it is still being made,
 * so concurrent calls with one key share it; a failed one is forgotten, and the retry decides
 * anew. Per instance: a retry landing on another instance reserves again, and the unused
 * reservation is released when it expires.
 */
export class GateReplays {
  private readonly entries = new Map<string, Replay>();

  /** The decision made (or being made) under `key`, else the one `evaluate` makes, kept. */
  decide(key: string, evaluate: () => Promise<GateDecision>): Promise<GateDecision> {
    const known = this.entries.get(key);
    if (known && known.expiresAt > Date.now()) return known.decision;
    this.entries.delete(key);
    this.makeRoom();
    const replay: Replay = { decision: evaluate(), expiresAt: Date.now() + TTL_MS };
    this.entries.set(key, replay);
    replay.decision.catch(() => {
      if (this.entries.get(key) === replay) this.entries.delete(key);
    });
    return replay.decision;
  }

  private makeRoom(): void {
    if (this.entries.size < MAX_ENTRIES) return;
    // Maps iterate in insertion order: drop the oldest tenth.
    let drop = MAX_ENTRIES / 10;
    for (const oldest of this.entries.keys()) {
      this.entries.delete(oldest);
      if (--drop === 0) break;
    }
  }
}
