import type { SignatureUses } from './signature-uses';

interface Use {
  path: string;
  expiresAtMs: number;
}

/** Records kept before expired ones are swept out. */
const SWEEP_ABOVE = 20_000;

/** Signature uses in this process's memory: right for one instance, and Redis's stand-in while it is away. */
export class MemorySignatureUses implements SignatureUses {
  private readonly uses = new Map<string, Use>();

  constructor(private readonly now: () => number = Date.now) {}

  async claim(signature: string, path: string, ttlSeconds: number): Promise<string> {
    const nowMs = this.now();
    const recorded = this.uses.get(signature);
    if (recorded && recorded.expiresAtMs > nowMs) return recorded.path;
    if (this.uses.size >= SWEEP_ABOVE) this.sweep(nowMs);
    this.uses.set(signature, { path, expiresAtMs: nowMs + ttlSeconds * 1000 });
    return path;
  }

  async close(): Promise<void> {
    this.uses.clear();
  }

  private sweep(nowMs: number): void {
    for (const [signature, use] of this.uses) if (use.expiresAtMs <= nowMs) this.uses.delete(signature);
  }
}
