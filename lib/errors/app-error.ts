import { GraphQLError } from 'graphql';
import { ERROR_CATALOG, type ErrorCode } from './catalog';

export interface AppErrorOptions {
  /** The input field at fault, when there is one. */
  field?: string;
  /** Machine-readable context a client may act on. */
  details?: Record<string, unknown>;
}

/**
 * A failure the caller should see as it is. Its extensions carry `code`, the HTTP `status` it
 * means and the offending `field`; they survive the gateway, and the shim renders them in each
 * legacy API's body shape.
 */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field?: string;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    const { status } = ERROR_CATALOG[code];
    super(message ?? ERROR_CATALOG[code].message, {
      extensions: {
        code,
        status,
        ...(options.field !== undefined && { field: options.field }),
        ...(options.details !== undefined && { details: options.details }),
      },
    });
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.field = options.field;
  }
}

export const badInput = (field: string, message: string) => new AppError('BAD_USER_INPUT', message, { field });
export const unauthenticated = (reason = 'Authentication required') => new AppError('UNAUTHENTICATED', reason);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const conflict = (field: string, message: string) => new AppError('CONFLICT', message, { field });
export const badGateway = (message: string, field?: string) => new AppError('BAD_GATEWAY', message, { field });
