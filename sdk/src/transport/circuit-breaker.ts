/**
 * Stops calling a gateway that keeps failing: after `threshold` consecutive network failures
 * the breaker opens for `cooldownMs`, so a protected call does not wait for a timeout each time;
 * then one request is let through to test the water.
 */
export class CircuitBreaker {
  private consecutiveFailures = 0;
  private openUntil = 0;

  constructor(
    private readonly threshold = 3,
    private readonly cooldownMs = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a request may go out now. */
  allows(): boolean {
    return this.now() >= this.openUntil;
  }

  succeeded(): void {
    this.consecutiveFailures = 0;
    this.openUntil = 0;
  }

  failed(): void {
    this.consecutiveFailures += 1;
    if (this.consecutiveFailures >= this.threshold) this.openUntil = this.now() + this.cooldownMs;
  }
}
