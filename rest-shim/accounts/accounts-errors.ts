import { errorRenderer } from '../kit/error-renderer';

/** GraphQL argument names as the legacy API calls them. */
const LEGACY_FIELD_NAMES: Record<string, string> = { codehostId: 'codehost_id', accessToken: 'access_token' };

/**
 * Accounts errors: `{error, field?}`; a 401 also says `WWW-Authenticate: Bearer error="invalid_token"`.
 * `fieldNames` renames fields for aliases such as createFromGitHub.
 */
export function renderAccountsError(fieldNames: Record<string, string> = {}) {
  return errorRenderer(
    (error, requestId) => {
      if (error.unexpected) return { error: 'Internal server error', request_id: requestId };
      const field = error.field && (fieldNames[error.field] ?? LEGACY_FIELD_NAMES[error.field] ?? error.field);
      return field ? { error: error.message, field } : { error: error.message };
    },
    (res, error) => {
      if (error.status === 401 && !error.field) res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
    },
  );
}
