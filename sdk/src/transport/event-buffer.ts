import type { GuardEvent } from '../tracking/guard-event';

/**
 * Events waiting for delivery, oldest first, never more than `capacity`: when the gateway stays
 * away too long the oldest events are dropped (the caller counts them), so memory stays bounded.
 */
export class EventBuffer {
  private events: GuardEvent[] = [];

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.events.length;
  }

  /** Adds one event; returns how many old events were dropped to make room. */
  push(event: GuardEvent): number {
    this.events.push(event);
    return this.trim();
  }

  /** Removes and returns up to `count` events from the front. */
  take(count: number): GuardEvent[] {
    return this.events.splice(0, count);
  }

  /** Puts back a batch that failed, ahead of what arrived meanwhile; returns how many were dropped. */
  putBack(batch: readonly GuardEvent[]): number {
    this.events.unshift(...batch);
    return this.trim();
  }

  /** Empties the buffer; returns what it held. */
  clear(): GuardEvent[] {
    const all = this.events;
    this.events = [];
    return all;
  }

  private trim(): number {
    const excess = this.events.length - this.capacity;
    if (excess <= 0) return 0;
    this.events.splice(0, excess);
    return excess;
  }
}
