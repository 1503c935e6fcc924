import { debugLog } from '../debug-log';
import { SvcTransportError } from '../errors/transport-errors';
import type { GuardClient } from '../transport/guard-client';
import { parseControlSignal, type ControlSignal } from './control-state';

/** Workflows the poller follows at most; the least recently used is forgotten beyond. */
const MAX_FOLLOWED = 100;

/**
 * Asks `GET /status/{workflow_id}` for every workflow this process has used, on a timer: the
 * backup of the push channel, which catches what was missed while its socket was down.
 */
export class StatusPoller {
  private readonly followed = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly client: GuardClient,
    private readonly intervalMs: number,
    private readonly onSignal: (signal: ControlSignal) => void,
  ) {}

  follow(workflowId: string): void {
    if (this.followed.has(workflowId)) this.followed.delete(workflowId);
    this.followed.add(workflowId);
    if (this.followed.size > MAX_FOLLOWED) this.followed.delete(this.followed.values().next().value as string);
  }

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.pollNow(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One round over every followed workflow; concurrent calls share the round in progress. */
  pollNow(): Promise<void> {
    this.polling ??= this.pollAll().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private async pollAll(): Promise<void> {
    for (const workflowId of [...this.followed]) {
      try {
        const answer = await this.client.get<unknown>(`/status/${encodeURIComponent(workflowId)}`);
        const signal = parseControlSignal(answer);
        if (signal) this.onSignal(signal);
      } catch (error) {
        debugLog(`status poll of ${workflowId} failed`, error instanceof Error ? error.message : error);
        // an unreachable or failing gateway ends the round; a workflow it refuses to report on is dropped
        if (error instanceof SvcTransportError && (error.source !== 'GATEWAY_ERROR' || error.retryable)) return;
        this.followed.delete(workflowId);
      }
    }
  }
}
