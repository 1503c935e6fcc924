import { STATUS_CODES } from 'node:http';
import type { ApiError } from '../kit/api-error';
import { errorRenderer, type ApiErrorRenderer } from '../kit/error-renderer';
import { RATE_HEADERS } from './rate-headers';

/** `{"code", "message", "description"}`: the store API's answer to everything but JSON and fields. */
export interface StoreEnvelope {
  code: number;
  message: string;
  description: string | null;
}

export type FieldMap = Record<string, string[]>;

export const envelope = (status: number, description: string | null): StoreEnvelope => ({
  code: status,
  message: STATUS_CODES[status] ?? 'Error',
  description,
});

/** A bad or missing token says the same whatever the reason, so it tells nothing about tokens. */
const INVALID_TOKEN = 'Invalid access token';

/** Codes whose failures name fields: answered as the 422 field map. */
const FIELD_CODES = new Set(['INVALID_FIELDS', 'BAD_USER_INPUT', 'UNPROCESSABLE']);

/** The store API's body (and status) for one failure, as store.md and decisions.md fix them. */
export function storeErrorBody(error: ApiError, requestId: string): { status: number; body: StoreEnvelope | FieldMap | { error: string } } {
  if (error.code === 'MALFORMED_BODY') return { status: 400, body: { error: 'Problems parsing JSON' } };
  if (FIELD_CODES.has(error.code) && error.field) {
    const fields = error.details?.fields as FieldMap | undefined;
    return { status: 422, body: fields ?? { [error.field]: [error.message] } };
  }
  if (error.code === 'UNAUTHENTICATED') return { status: 401, body: envelope(401, INVALID_TOKEN) };
  if (error.unexpected) return { status: error.status, body: envelope(error.status, `${error.message} (request ${requestId})`) };
  return { status: error.status, body: envelope(error.status, error.details?.routeUnknown ? null : error.message) };
}

/**
 * The `/v1` router's one error path. A 401 has no bucket (the token is not valid), so no rate
 * headers even when the bucket was consulted before the graph said so.
 */
export function renderStoreError(): ApiErrorRenderer {
  return errorRenderer(
    (error, requestId) => storeErrorBody(error, requestId).body,
    (res, error) => {
      if (error.code === 'UNAUTHENTICATED') for (const header of RATE_HEADERS) res.removeHeader(header);
    },
    (error) => storeErrorBody(error, '').status,
  );
}
