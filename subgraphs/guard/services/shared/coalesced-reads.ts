interface Read<V> {
  promise: Promise<V>;
  stale: boolean;
}

/**
 * One database read per key at a time: callers asking while a read is in flight share it. A
 * read that raced an invalidation still answers its callers but is not kept, so a cache never
 * stores a value older than the change that invalidated it.
 */
export class CoalescedReads<V> {
  private readonly inFlight = new Map<string, Read<V>>();

  read(key: string, load: () => Promise<V>, keep: (value: V) => void): Promise<V> {
    const running = this.inFlight.get(key);
    if (running) return running.promise;
    const read: Read<V> = { promise: Promise.resolve(undefined as V), stale: false };
    read.promise = load()
      .then((value) => {
        if (!read.stale) keep(value);
        return value;
      })
      .finally(() => {
        if (this.inFlight.get(key) === read) this.inFlight.delete(key);
      });
    this.inFlight.set(key, read);
    return read.promise;
  }

  invalidate(key: string): void {
    const read = this.inFlight.get(key);
    if (!read) return;
    read.stale = true;
    this.inFlight.delete(key);
  }
}
