import type { ApiError } from '../kit/api-error';
import { errorRenderer } from '../kit/error-renderer';

/**
 * The installer's error bodies (decisions.md): `{"detail": [{"package": [...]}]}` for package
 * refusals, `{"detail": [{"auth": ["forbidden"]}], "code": "installer_forbidden", "reason"}` for
 * the gate, `{"code": "generator_unauthorized", ...}` for the generator lane, `{"detail": "<message>"}` otherwise.
 */
export function installerErrorBody(error: ApiError, requestId: string) {
  if (error.unexpected) return { detail: 'Internal server error', request_id: requestId };
  const details = error.details ?? {};
  if (Array.isArray(details.package)) return { detail: [{ package: details.package as string[] }] };
  if (details.code === 'installer_forbidden') return { detail: [{ auth: ['forbidden'] }], code: 'installer_forbidden', reason: String(details.reason) };
  if (typeof details.code === 'string') return { detail: error.message, code: details.code };
  if (details.fields && typeof details.fields === 'object') return { detail: [details.fields as Record<string, string[]>] };
  return error.field ? { detail: error.message, field: error.field } : { detail: error.message };
}

export const renderInstallerError = errorRenderer(installerErrorBody);
