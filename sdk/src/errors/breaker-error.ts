import { docsUrlOf, ERROR_CODES, isSvcErrorCode } from './error-codes';

export interface ErrorOptions {
  /** The error that led to this one. */
  cause?: unknown;
}

/**
 * Root of the SDK's errors. It carries the structured fields every public SDK error has, so a
 * caller can branch on `errorCode` and show `userAction` without parsing messages.
 */
export class BreakerError extends Error {
  /** Stable code such as `SV-B004`; the key of the user message catalog. */
  readonly errorCode: string;
  /** What the developer should do about it, in the imperative. */
  readonly userAction: string;
  /** Whether trying the same call again later may succeed. */
  readonly retryable: boolean;
  /** Where the code is explained. */
  readonly docsUrl: string;

  constructor(errorCode: string, message: string, options: ErrorOptions & { retryable?: boolean } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.errorCode = errorCode;
    const known = isSvcErrorCode(errorCode) ? ERROR_CODES[errorCode] : undefined;
    this.userAction = known?.userAction ?? 'See the SDK documentation for this error code.';
    this.retryable = options.retryable ?? known?.retryable ?? false;
    this.docsUrl = docsUrlOf(errorCode);
  }
}

/**
 * Every error the guard can raise into a protected call, except `WorkflowKilledInterrupt`.
 * Error hooks fire for these, and `guarded`/`handle` turn them into a user message and an exit.
 */
export class SvcError extends BreakerError {}
