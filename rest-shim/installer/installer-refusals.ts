import { AppError, type ErrorCode } from '../../lib/errors';

const CODES: Record<number, ErrorCode> = { 400: 'MALFORMED_BODY', 404: 'NOT_FOUND', 422: 'UNPROCESSABLE' };

/**
 * A refusal the shim itself makes before the installer sees the package (a body it cannot read),
 * carrying the `detail[].package` entry of decisions.md like the installer's own.
 */
export function installerRefusal(reason: string, message: string, status: 400 | 404 | 422 = 400): AppError {
  const entry = status === 422 ? message : reason;
  return new AppError(CODES[status], message, { field: 'package', details: { package: [entry] } });
}
