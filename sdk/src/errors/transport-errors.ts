import { SvcError, type ErrorOptions } from './breaker-error';

/** Why the gateway could not be used. */
export type TransportSource = 'NETWORK_ERROR' | 'GATEWAY_ERROR' | 'BREAKER_OPEN' | 'AUTH_ERROR';

interface TransportOptions extends ErrorOptions {
  source?: TransportSource;
  endpoint?: string;
  retryable?: boolean;
}

/** The guard gateway could not be reached or answered something unusable. Retryable. */
export class SvcTransportError extends SvcError {
  readonly source: TransportSource;
  /** The path that failed, such as `/api/v1/gate`. */
  readonly endpoint: string | undefined;

  constructor(message: string, options: TransportOptions & { errorCode?: string } = {}) {
    super(options.errorCode ?? 'SV-N001', message, { ...options, retryable: options.retryable ?? true });
    this.source = options.source ?? 'NETWORK_ERROR';
    this.endpoint = options.endpoint;
  }
}

/** The gateway answered 5xx. Retryable. */
export class SvcBackendError extends SvcTransportError {
  /** The HTTP status received. */
  readonly statusCode: number;

  constructor(message: string, options: TransportOptions & { statusCode: number }) {
    super(message, { ...options, errorCode: 'SV-B002', source: options.source ?? 'GATEWAY_ERROR' });
    this.statusCode = options.statusCode;
  }
}

/** The gateway answered 429: wait `retryAfter` seconds before trying again. */
export class RateLimitError extends SvcTransportError {
  /** Seconds to wait, from `retry_after_ms` or the `Retry-After` header. */
  readonly retryAfter: number | undefined;
  /** Where to raise the limit, when the gateway says. */
  readonly upgradeUrl: string | undefined;
  /** The error body as received. */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(
    message: string,
    options: TransportOptions & { retryAfter?: number; upgradeUrl?: string; body?: Record<string, unknown> } = {},
  ) {
    super(message, { ...options, errorCode: 'SV-R001', source: 'GATEWAY_ERROR' });
    this.retryAfter = options.retryAfter;
    this.upgradeUrl = options.upgradeUrl;
    this.body = Object.freeze({ ...(options.body ?? {}) });
  }
}

/** Failures of the guard's own infrastructure that the SDK must not paper over. */
export class SvcInfrastructureError extends SvcError {}

/** 503 while reserving rate-limit capacity: the call is refused (fail closed). */
export class SvcRateLimitReservationError extends SvcInfrastructureError {
  readonly retryAfter: number | undefined;

  constructor(message: string, options: ErrorOptions & { retryAfter?: number } = {}) {
    super('SV-R002', message, options);
    this.retryAfter = options.retryAfter;
  }
}

/** The gateway speaks a protocol newer than this SDK (`PROTOCOL_TOO_OLD`) or older. */
export class SvcProtocolError extends SvcError {
  /** The lowest protocol version the gateway accepts, when it says. */
  readonly minRequiredVersion: number | undefined;

  constructor(message: string, options: ErrorOptions & { minRequiredVersion?: number } = {}) {
    super('SV-P001', message, { ...options, retryable: false });
    this.minRequiredVersion = options.minRequiredVersion;
  }
}
