import type { ApiError } from '../kit/api-error';
import { errorRenderer } from '../kit/error-renderer';

/** GraphQL argument names as the legacy API calls them. */
const LEGACY_FIELD_NAMES: Record<string, string> = { codehostId: 'codehost_id', accessToken: 'access_token' };

/** The accounts API's body: `{error, field?}`, the field as the legacy API names it. */
export function accountsErrorBody(error: ApiError, requestId: string, fieldNames: Record<string, string> = {}) {
  if (error.unexpected) return { error: 'Internal server error', request_id: requestId };
  const field = error.field && (fieldNames[error.field] ?? LEGACY_FIELD_NAMES[error.field] ?? error.field);
  return field ? { error: error.message, field } : { error: error.message };
}

/**
 * Accounts errors: `{error, field?}`; a 401 also says `WWW-Authenticate: Bearer error="invalid_token"`.
 * `fieldNames` renames fields for aliases such as createFromGitHub.
 */
export function renderAccountsError(fieldNames: Record<string, string> = {}) {
  return errorRenderer(
    (error, requestId) => accountsErrorBody(error, requestId, fieldNames),
    (res, error) => {
      if (error.status === 401 && !error.field) res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
    },
  );
}
