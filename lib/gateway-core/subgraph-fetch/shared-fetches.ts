/**
 * Identical requests in flight at the same moment share one fetch: the second caller waits for
 * the first one's answer instead of sending its own. Nothing is kept once the fetch settles, so
 * this never serves an answer older than the request asking for it.
 */
export class SharedFetches<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  share(key: string, fetch: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = fetch().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }

  get size(): number {
    return this.inFlight.size;
  }
}
