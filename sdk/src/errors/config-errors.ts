import { SvcError, type ErrorOptions } from './breaker-error';

/** The SDK is misconfigured (no key, bad setting, not initialised). Never retryable. */
export class SvcConfigError extends SvcError {
  constructor(message: string, options: ErrorOptions & { errorCode?: 'SV-C000' | 'SV-C001' | 'SV-C002' | 'SV-C003' } = {}) {
    super(options.errorCode ?? 'SV-C000', message, { ...options, retryable: false });
  }
}

/**
 * The API key is missing or the gateway refused the credentials (401/403, bad signature).
 * `SV-C001` when no key was available at `init`.
 *
 * @deprecated Catch `SvcAuthError` (a rejected key) or `SvcConfigError` instead; kept for code
 * written against older SDKs.
 */
export class SvcAuthenticationError extends SvcError {
  /** HTTP status of the refusal, when the gateway answered. */
  readonly statusCode: number | undefined;
  /** The gateway's own code (`API_KEY_INVALID`, `SIGNATURE_INVALID`, ...), when it answered. */
  readonly serverCode: string | undefined;

  constructor(
    message: string,
    options: ErrorOptions & { errorCode?: string; statusCode?: number; serverCode?: string } = {},
  ) {
    super(options.errorCode ?? 'SV-A001', message, { ...options, retryable: false });
    this.statusCode = options.statusCode;
    this.serverCode = options.serverCode;
  }
}

/** The gateway answered 401: the key (or its signature) was rejected. */
export class SvcAuthError extends SvcAuthenticationError {
  declare readonly statusCode: number;

  constructor(message: string, options: ErrorOptions & { serverCode?: string; statusCode?: number } = {}) {
    super(message, { ...options, errorCode: 'SV-A003', statusCode: options.statusCode ?? 401 });
  }
}
