import type { WorkflowState } from '../control/control-state';
import type { BreakerTransportError } from '../errors/delivery-errors';
import type { RuntimeState } from './health';

/** A workflow's last known control state. */
export interface WorkflowStatus {
  readonly workflowId: string;
  readonly state: WorkflowState;
  readonly version: number;
  readonly reason: string | null;
  readonly updatedAt: string | null;
}

/** What `status()` returns: a frozen picture of the runtime at one moment. */
export interface StatusSnapshot {
  /** `ok`, `degraded` (push down or events waiting for a retry), `offline` (gateway unreachable) or `misconfigured` (key refused, protocol mismatch). */
  readonly state: RuntimeState;
  readonly sdkVersion: string;
  readonly protocolVersion: number;
  /** The gateway's version, from the capabilities probe. */
  readonly serverVersion: string | null;
  readonly apiUrl: string;
  readonly controlUrl: string;
  readonly organisationId: string | null;
  readonly boundWorkflowId: string | null;
  readonly pushConnected: boolean;
  /** Events waiting for delivery. */
  readonly bufferedEvents: number;
  readonly eventsDelivered: number;
  /** Events given up since start (buffer bound reached, refused batch, undelivered at shutdown). */
  readonly eventsLost: number;
  /** Set once events were lost: carries `eventsLost` and `bufferSize`. */
  readonly deliveryError: BreakerTransportError | null;
  readonly lastError: string | null;
  /** ISO time of the last answer from the gateway. */
  readonly lastContactAt: string | null;
  /** Protected calls running now. */
  readonly runningCalls: number;
  readonly workflows: readonly WorkflowStatus[];
  /** ISO time the snapshot was taken. */
  readonly takenAt: string;
}

/** Freezes the snapshot and everything in it. */
export function freezeSnapshot(snapshot: StatusSnapshot): StatusSnapshot {
  for (const workflow of snapshot.workflows) Object.freeze(workflow);
  Object.freeze(snapshot.workflows);
  return Object.freeze(snapshot);
}
