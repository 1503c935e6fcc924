import { SvcAuthenticationError } from '../errors/config-errors';
import { SvcProtocolError, SvcTransportError } from '../errors/transport-errors';
import type { SvcError } from '../errors/breaker-error';
import type { ContactObserver } from '../transport/guard-client';

export type RuntimeState = 'ok' | 'degraded' | 'offline' | 'misconfigured';

/**
 * What the runtime knows about its links to the gateway, reduced to one state:
 * - `misconfigured`: the gateway refused the key or speaks another protocol version;
 * - `offline`: the last request could not reach the gateway;
 * - `degraded`: requests work but the push channel is down or events wait for a retry;
 * - `ok`: all of it works.
 */
export class RuntimeHealth implements ContactObserver {
  private reachable: boolean | null = null;
  private refusal: SvcError | null = null;
  pushWanted = false;
  pushConnected = false;
  lastError: string | null = null;
  lastContactAt: Date | null = null;

  /** Only a 2xx shows the key and protocol are accepted again. */
  reached(): void {
    this.reachable = true;
    this.refusal = null;
    this.lastContactAt = new Date();
  }

  answered(error: SvcError): void {
    this.reachable = true;
    this.lastContactAt = new Date();
    if (isRefusal(error)) this.refused(error);
  }

  unreachable(error: SvcError): void {
    this.lastError = error.message;
    // a 5xx is an answer: the gateway is there but failing
    if (error instanceof SvcTransportError && error.source !== 'GATEWAY_ERROR') this.reachable = false;
  }

  /** A refusal that no retry fixes: a rejected key, a protocol mismatch. */
  refused(error: SvcError): void {
    this.refusal = error;
    this.lastError = error.message;
  }

  noteError(error: unknown): void {
    if (isRefusal(error)) this.refused(error);
    else if (error instanceof Error) this.lastError = error.message;
  }

  state(eventsWaitingForRetry: boolean): RuntimeState {
    if (this.refusal) return 'misconfigured';
    if (this.reachable === false) return 'offline';
    if ((this.pushWanted && !this.pushConnected) || eventsWaitingForRetry) return 'degraded';
    return 'ok';
  }
}

/** A 401/403 key refusal (SvcAuthError is one) or a protocol mismatch. */
function isRefusal(error: unknown): error is SvcError {
  return error instanceof SvcAuthenticationError || error instanceof SvcProtocolError;
}
