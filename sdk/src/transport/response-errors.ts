import { SvcAuthenticationError, SvcAuthError } from '../errors/config-errors';
import { SvcBudgetError, SvcConsumeOverbudgetError, SvcWorkflowInactiveError } from '../errors/decision-errors';
import {
  RateLimitError,
  SvcBackendError,
  SvcProtocolError,
  SvcRateLimitReservationError,
  SvcTransportError,
} from '../errors/transport-errors';
import type { SvcError } from '../errors/breaker-error';
import { isRecord } from '../is-record';

/** The protocol's error body. */
export interface GuardErrorBody {
  error_code?: string;
  error_message?: string;
  details?: Record<string, unknown>;
  retry_after_ms?: number;
  upgrade_url?: string;
}

export interface FailedResponse {
  status: number;
  endpoint: string;
  body: GuardErrorBody;
  retryAfterHeader: string | null;
}

/** Turns a non-2xx answer of the gateway into the SDK error the spec's table names. */
export function errorFromResponse({ status, endpoint, body, retryAfterHeader }: FailedResponse): SvcError {
  const code = typeof body.error_code === 'string' ? body.error_code : `HTTP_${status}`;
  const text = typeof body.error_message === 'string' && body.error_message ? body.error_message : `gateway answered ${status}`;
  const message = `${endpoint}: ${code}: ${text}`;
  const details = isRecord(body.details) ? body.details : {};
  const retryAfter = retryAfterSeconds(body, retryAfterHeader);

  if (code === 'PROTOCOL_TOO_OLD' || code === 'PROTOCOL_TOO_NEW' || code === 'PROTOCOL_HEADER_REQUIRED') {
    const min = Number(details.min_required_version);
    return new SvcProtocolError(message, { minRequiredVersion: Number.isFinite(min) ? min : undefined });
  }
  if (status === 401) return new SvcAuthError(message, { serverCode: code, statusCode: 401 });
  if (status === 402) return new SvcBudgetError(message, { reason: code, details, statusCode: 402 });
  if (status === 403 && code === 'WORKFLOW_INACTIVE') return new SvcWorkflowInactiveError(message, { reason: code, details });
  if (status === 403) return new SvcAuthenticationError(message, { statusCode: 403, serverCode: code });
  if (status === 422 && code === 'CONSUME_OVERBUDGET') return new SvcConsumeOverbudgetError(message, { details });
  if (status === 429) return new RateLimitError(message, { endpoint, retryAfter, upgradeUrl: body.upgrade_url, body: { ...body } });
  if (status === 503 && code.startsWith('RATE_LIMIT')) return new SvcRateLimitReservationError(message, { retryAfter });
  if (status >= 500) return new SvcBackendError(message, { endpoint, statusCode: status });
  // 400 VALIDATION_FAILED and other surprises: the SDK and the gateway disagree; retrying won't help
  return new SvcTransportError(message, { endpoint, source: 'GATEWAY_ERROR', retryable: false });
}

function retryAfterSeconds(body: GuardErrorBody, header: string | null): number | undefined {
  if (typeof body.retry_after_ms === 'number' && body.retry_after_ms >= 0) return body.retry_after_ms / 1000;
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
