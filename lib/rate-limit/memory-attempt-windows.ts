import type { AttemptCount, AttemptWindows } from './attempt-windows';

interface Window {
  attempts: number;
  endsAtMs: number;
}

/** Windows held before closed ones are swept out, so keys seen once do not pile up. */
const SWEEP_ABOVE = 10_000;

/** Attempt windows in this process's memory: right for one instance, and Redis's stand-in while it is away. */
export class MemoryAttemptWindows implements AttemptWindows {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  async add(key: string, windowMs: number): Promise<AttemptCount> {
    const nowMs = this.now();
    let window = this.open(key, nowMs);
    if (!window) {
      if (this.windows.size >= SWEEP_ABOVE) this.sweep(nowMs);
      this.windows.set(key, (window = { attempts: 0, endsAtMs: nowMs + windowMs }));
    }
    window.attempts += 1;
    return { attempts: window.attempts, resetInMs: window.endsAtMs - nowMs };
  }

  async remove(key: string): Promise<void> {
    const window = this.open(key, this.now());
    if (window && window.attempts > 0) window.attempts -= 1;
  }

  async clear(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private open(key: string, nowMs: number): Window | undefined {
    const window = this.windows.get(key);
    return window && window.endsAtMs > nowMs ? window : undefined;
  }

  private sweep(nowMs: number): void {
    for (const [key, window] of this.windows) if (window.endsAtMs <= nowMs) this.windows.delete(key);
  }
}
