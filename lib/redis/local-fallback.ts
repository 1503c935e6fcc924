import type { Logger } from '../logging';

/**
 * Runs a Redis step and, when Redis fails, the same step on this instance's memory: a record
 * shared by every instance becomes one per instance while Redis is away, rather than a failed
 * request. Says so in the log once per outage, and once when Redis answers again.
 */
export class LocalFallback {
  private degraded = false;

  constructor(
    private readonly logger: Logger,
    /** What the records are, for the log: `login attempts`, `request signatures`. */
    private readonly what: string,
  ) {}

  async run<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await shared();
    } catch (error) {
      if (!this.degraded) this.logger.warn({ err: error }, `redis unavailable: ${this.what} are kept per instance until it answers`);
      this.degraded = true;
      return local();
    }
    if (this.degraded) this.logger.info(`redis answers again: ${this.what} are shared again`);
    this.degraded = false;
    return result;
  }
}
