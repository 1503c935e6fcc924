import { badInput } from '../../lib/errors';
import type { ApiError } from '../kit/api-error';
import { errorRenderer } from '../kit/error-renderer';
import { legacyFieldError, type FaultError } from '../kit/request-reader';

/** Failures of the request's shape; the protocol has one code for them all. */
const VALIDATION_CODES = new Set(['BAD_USER_INPUT', 'MALFORMED_BODY', 'MALFORMED_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_FAILED', 'GRAPHQL_VALIDATION_FAILED']);

/** GraphQL argument and input field names as the protocol spells them. */
const PROTOCOL_FIELDS: Record<string, string> = { organisationId: 'organization_id', input: 'body', metadata: 'extra fields' };
const CAMEL_CASE_NAME = /\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+\b/g;

export function protocolField(field: string): string {
  return PROTOCOL_FIELDS[field] ?? field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * A domain message in the protocol's words. The guard's rules name GraphQL fields and open with
 * the field at fault ("estimatedTokens must be ..."); such a message has its field names spelled
 * as the wire spells them. Any other message (GraphQL's own, or one quoting a caller's value) is
 * left as it is.
 */
export function protocolText(message: string, field: string | null | undefined): string {
  if (!field || !message.startsWith(field)) return message;
  return protocolField(field) + message.slice(field.length).replace(CAMEL_CASE_NAME, protocolField);
}

function retryAfterMs(error: ApiError): number | undefined {
  const value = error.details?.retry_after_ms;
  if (typeof value === 'number') return value;
  const seconds = error.details?.retryAfterSeconds;
  if (typeof seconds === 'number') return seconds * 1000;
  return error.status === 503 ? 1000 : undefined;
}

/** The protocol's status for an error: every shape failure is a 400 `VALIDATION_FAILED`. */
export function guardErrorStatus(error: ApiError): number {
  return VALIDATION_CODES.has(error.code) ? 400 : error.status;
}

/** The guard protocol's one error body: `{"error_code", "error_message", "details", "retry_after_ms"}`. */
export function guardErrorBody(error: ApiError, requestId: string) {
  if (error.unexpected) return { error_code: 'INTERNAL_ERROR', error_message: 'Internal server error', details: { request_id: requestId }, retry_after_ms: null };
  const { retry_after_ms: _moved, ...details } = error.details ?? {};
  return {
    error_code: VALIDATION_CODES.has(error.code) ? 'VALIDATION_FAILED' : error.code,
    error_message: protocolText(error.message, error.field),
    details: error.field ? { ...details, field: protocolField(error.field) } : details,
    retry_after_ms: retryAfterMs(error) ?? null,
  };
}

/** `Retry-After` in whole seconds, for 429 and 503. */
export function retryAfterHeader(error: ApiError): string | undefined {
  const retryMs = retryAfterMs(error);
  if (retryMs === undefined || (error.status !== 429 && error.status !== 503)) return undefined;
  return String(Math.max(1, Math.ceil(retryMs / 1000)));
}

/** The guard routes' error path: the envelope, the protocol's status, `Retry-After` on 429 and 503. */
export function renderGuardError() {
  return errorRenderer(
    guardErrorBody,
    (res, error: ApiError) => {
      const retryAfter = retryAfterHeader(error);
      if (retryAfter !== undefined) res.setHeader('Retry-After', retryAfter);
    },
    guardErrorStatus,
  );
}

export const RESUME_AFTER_RULE = 'resume_after must be an ISO 8601 date-time or unix seconds';

/** The protocol's words for a request that does not match its declaration (all 400 `VALIDATION_FAILED`). */
export const guardFaultError: FaultError = (fault) => {
  if (fault.problem === 'unstorable') return legacyFieldError(fault);
  if (fault.part === 'body' && fault.field === 'body') return badInput('body', 'The body must be a JSON object');
  if (fault.field === 'events') return badInput('events', 'events must be a list of objects');
  if (fault.field === 'window') return badInput('window', 'window must be given once, like 24h');
  if (fault.field === 'resume_after') return badInput('resume_after', RESUME_AFTER_RULE);
  return legacyFieldError(fault);
};
