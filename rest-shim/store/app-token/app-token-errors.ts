import type { ApiError } from '../../kit/api-error';
import { errorRenderer, type ApiErrorRenderer } from '../../kit/error-renderer';

/** The graph's codes for a failed exchange, and RFC 6749's words for them. */
const OAUTH_ERRORS: Record<string, string> = {
  INVALID_REQUEST: 'invalid_request',
  UNSUPPORTED_GRANT_TYPE: 'unsupported_grant_type',
  INVALID_GRANT: 'invalid_grant',
  INVALID_CLIENT: 'invalid_client',
};

/** A body the shim could not read, or a field of the wrong type, is the caller's malformed request. */
const MALFORMED = new Set(['MALFORMED_BODY', 'MALFORMED_REQUEST', 'BAD_USER_INPUT', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE']);

export function oauthError(error: ApiError, requestId: string): { status: number; error: string; description: string } {
  const known = OAUTH_ERRORS[error.code];
  if (known) return { status: error.status, error: known, description: error.message };
  if (MALFORMED.has(error.code)) return { status: 400, error: 'invalid_request', description: error.message };
  // Refused by the HTTP parser before the route: the request's own status (431, 408), in RFC 6749's words.
  if (error.status === 405 || error.status === 408 || error.status === 431) return { status: error.status, error: 'invalid_request', description: error.message };
  return { status: error.status >= 500 ? error.status : 500, error: 'server_error', description: `The exchange failed (request ${requestId})` };
}

/** `POST /apps/authorize/token` answers failures as RFC 6749 §5.2 says: `{error, error_description}`. */
export function renderAppTokenError(): ApiErrorRenderer {
  return errorRenderer(
    (error, requestId) => {
      const { error: code, description } = oauthError(error, requestId);
      return { error: code, error_description: description };
    },
    (res) => res.setHeader('Cache-Control', 'no-store'),
    (error) => oauthError(error, '').status,
  );
}
