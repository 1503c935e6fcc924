import { BreakerError, type ErrorOptions } from './breaker-error';

/**
 * Events could not be delivered after retries and some were dropped. Not an `SvcError`: it is
 * reported through `status().deliveryError` rather than thrown into a protected call.
 */
export class BreakerTransportError extends BreakerError {
  /** Events dropped since the runtime started (buffer bound reached, or undelivered at shutdown). */
  readonly eventsLost: number;
  /** Events still waiting in the buffer when this was reported. */
  readonly bufferSize: number;

  constructor(
    message: string,
    options: ErrorOptions & { eventsLost: number; bufferSize: number; errorCode?: string; retryable?: boolean },
  ) {
    super(options.errorCode ?? 'SV-E001', message, options);
    this.eventsLost = options.eventsLost;
    this.bufferSize = options.bufferSize;
  }
}

/** Plain HTTP was configured towards a host that is not loopback. Raised by `init`. */
export class InsecureTransportError extends BreakerTransportError {
  constructor(message: string) {
    super(message, { eventsLost: 0, bufferSize: 0, errorCode: 'SV-E002', retryable: false });
  }
}
