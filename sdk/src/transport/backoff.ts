/** Delays for retrying delivery: exponential from `baseMs`, capped, with up to 20 % jitter. */
export class Backoff {
  private attempt = 0;

  constructor(
    private readonly baseMs = 200,
    private readonly capMs = 5000,
  ) {}

  next(): number {
    const delay = Math.min(this.capMs, this.baseMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 30);
    return Math.round(delay * (0.8 + Math.random() * 0.2));
  }

  reset(): void {
    this.attempt = 0;
  }
}
