import { setTimeout as sleep } from 'node:timers/promises';
import { debugLog } from '../debug-log';
import { SvcTransportError } from '../errors/transport-errors';
import type { RuntimeSettings } from '../config/settings';
import type { GuardEvent } from '../tracking/guard-event';
import { Backoff } from './backoff';
import type { EventBuffer } from './event-buffer';
import type { GuardClient } from './guard-client';
import { isRecord } from '../is-record';

/** What the gateway may ask of the SDK in a batch answer. */
export interface BatchAction {
  type: string;
  workflow_id?: string | null;
  reason?: string | null;
}

interface BatchAnswer {
  accepted_event_ids?: string[];
  rejected?: unknown[];
  actions?: BatchAction[];
}

export interface ShipperListener {
  /** The gateway asked for something (pause, kill, block) in a batch answer. */
  actions(actions: BatchAction[]): void;
  /** Events were given up: buffer full, batch refused as malformed, or undelivered at shutdown. */
  lost(count: number, why: string): void;
}

/**
 * Delivers buffered events in batches: on a timer, when a batch is full, when a protected call
 * starts, and at shutdown. A failed batch goes back to the front of the buffer and is retried
 * with back-off; its event ids make the retry idempotent.
 */
export class EventShipper {
  private draining: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private intervalTimer: NodeJS.Timeout | null = null;
  private readonly backoff = new Backoff();
  private delivered = 0;
  /** Events in a request that has not answered yet. */
  private inFlight = 0;
  private stopped = false;
  /** Shutdown has counted what is undelivered; late answers change nothing any more. */
  private settled = false;

  constructor(
    private readonly buffer: EventBuffer,
    private readonly client: GuardClient,
    private readonly settings: RuntimeSettings,
    private readonly listener: ShipperListener,
  ) {}

  get deliveredCount(): number {
    return this.delivered;
  }

  get bufferedCount(): number {
    return this.buffer.size;
  }

  /** True while a failed batch waits for its retry. */
  get retrying(): boolean {
    return this.retryTimer !== null;
  }

  start(): void {
    this.intervalTimer = setInterval(() => this.kick(), this.settings.flushIntervalMs);
    this.intervalTimer.unref();
  }

  enqueue(event: GuardEvent): void {
    const dropped = this.buffer.push(event);
    if (dropped > 0) this.listener.lost(dropped, 'the event buffer is full');
    if (this.settings.transport === 'immediate' || this.buffer.size >= this.settings.batchSize) this.kick();
  }

  /**
   * Delivers what is buffered now and waits for it, so a gate that follows sees the spend; does
   * not wait while the gateway is failing (a retry is scheduled) and never throws.
   */
  async deliverPending(): Promise<void> {
    if (this.stopped || this.retryTimer) return;
    if (this.draining) await this.draining;
    if (this.buffer.size > 0 && !this.retryTimer && !this.draining) await this.drain(false);
  }

  /** Starts a delivery round unless one runs or a retry is already scheduled. */
  kick(): void {
    if (this.stopped || this.draining || this.retryTimer || this.buffer.size === 0) return;
    void this.drain(false);
  }

  /**
   * Delivers everything before `timeoutMs` passes, retrying failures at a quicker pace and past
   * the breaker; what is still undelivered then is reported lost. For shutdown.
   */
  async flushAndStop(timeoutMs: number, flush: boolean): Promise<void> {
    this.stopped = true;
    if (this.intervalTimer) clearInterval(this.intervalTimer);
    this.clearRetry();
    const deadline = Date.now() + timeoutMs;
    if (flush) {
      const quick = new Backoff(50, 500);
      while (this.buffer.size > 0 || this.draining) {
        if (this.draining) await raceDeadline(this.draining, deadline);
        else if (!(await this.drain(true, deadline))) await sleep(Math.min(quick.next(), Math.max(0, deadline - Date.now())));
        if (Date.now() >= deadline) break;
      }
    }
    // a batch still in flight was not confirmed before the deadline: it counts as lost
    const undelivered = this.buffer.clear().length + this.inFlight;
    this.settled = true;
    if (undelivered > 0) this.listener.lost(undelivered, 'the gateway did not take them before shutdown');
  }

  /**
   * One delivery round: batches until the buffer is empty (true) or one fails (false). An urgent
   * round (shutdown) passes the breaker and gives each request only the time left to `deadline`.
   */
  private drain(urgent: boolean, deadline = Number.POSITIVE_INFINITY): Promise<boolean> {
    const round = (async () => {
      while (this.buffer.size > 0) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) return false;
        const batch = this.buffer.take(this.settings.batchSize);
        const timeoutMs = Math.min(this.settings.requestTimeoutMs, Math.ceil(remaining));
        this.inFlight += batch.length;
        let answer: unknown;
        try {
          answer = await this.client.post<BatchAnswer>('/track/batch', { events: batch }, { bypassBreaker: urgent, timeoutMs });
        } catch (error) {
          this.inFlight -= batch.length;
          this.fail(batch, error, urgent);
          return false;
        }
        this.inFlight -= batch.length;
        this.accept(batch, answer);
      }
      return true;
    })();
    this.draining = round.then(
      () => undefined,
      () => undefined,
    );
    void this.draining.then(() => {
      this.draining = null;
    });
    return round;
  }

  private accept(batch: GuardEvent[], answer: unknown): void {
    if (this.settled) {
      debugLog(`${batch.length} events reported lost at shutdown reached the gateway late`);
      return;
    }
    this.delivered += batch.length;
    this.backoff.reset();
    if (!isRecord(answer)) return;
    const { rejected, actions } = answer as BatchAnswer;
    if (Array.isArray(rejected) && rejected.length > 0) debugLog('the gateway rejected events', rejected);
    if (Array.isArray(actions) && actions.length > 0) this.listener.actions(actions.filter(isRecord) as BatchAction[]);
  }

  private fail(batch: GuardEvent[], error: unknown, urgent: boolean): void {
    const failure = error instanceof Error ? error.message : String(error);
    if (this.settled) return; // shutdown already counted the batch lost
    if (error instanceof SvcTransportError && error.source === 'GATEWAY_ERROR' && !error.retryable) {
      // the gateway called the batch malformed: sending it again cannot succeed
      this.listener.lost(batch.length, `the gateway refused the batch (${error.message})`);
      return;
    }
    const dropped = this.buffer.putBack(batch);
    if (dropped > 0) this.listener.lost(dropped, 'the event buffer is full');
    debugLog(`event delivery failed; ${this.buffer.size} events wait`, failure);
    if (urgent || this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.kick();
    }, this.backoff.next());
    this.retryTimer.unref();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}

async function raceDeadline(work: Promise<unknown>, deadline: number): Promise<void> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return;
  const timer = sleep(remaining, undefined, { ref: false });
  await Promise.race([work, timer]);
}
