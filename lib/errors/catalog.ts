import { GUARD_PROTOCOL_ERRORS } from './guard-protocol-codes';
import { STORE_API_ERRORS } from './store-api-codes';

/**
 * The one registry of error codes every Switchyard process speaks: the code a client sees in
 * `extensions.code`, the HTTP status it means, and the message used when none is given.
 */
export const ERROR_CATALOG = {
  BAD_USER_INPUT: { status: 400, message: 'The request has an invalid field' },
  MALFORMED_BODY: { status: 400, message: 'The request body could not be parsed' },
  // An operation over one of the gateway's limits (GATEWAY_MAX_*), refused before validation and planning.
  MAX_TOKENS_LIMIT: { status: 400, message: 'The document has too many tokens' },
  MAX_RECURSION_LIMIT: { status: 400, message: 'The document nests too deeply' },
  MAX_DEPTH_LIMIT: { status: 400, message: 'The operation selects fields too deep' },
  MAX_HEIGHT_LIMIT: { status: 400, message: 'The operation selects too many distinct fields' },
  MAX_ALIASES_LIMIT: { status: 400, message: 'The operation has too many aliases' },
  MAX_ROOT_FIELDS_LIMIT: { status: 400, message: 'The operation has too many root fields' },
  MAX_RECURSIVE_SELECTIONS_LIMIT: { status: 400, message: 'The operation has too many selections once its fragments are expanded' },
  MAX_MERGED_FIELD_PAIRS_LIMIT: { status: 400, message: 'The operation repeats fields too often' },
  COST_ESTIMATED_TOO_EXPENSIVE: { status: 400, message: 'The operation is estimated to cost more than allowed' },
  // Apollo Server's own code: `operationName` names no operation of the document, or none is named among several.
  OPERATION_RESOLUTION_FAILURE: { status: 400, message: 'The request does not name one operation of its document' },
  // Refused by the HTTP parser itself, before any route: see lib/net/requests/parser-refusals.
  MALFORMED_REQUEST: { status: 400, message: 'The request is not valid HTTP/1.1' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request was not received in time' },
  REQUEST_HEADER_FIELDS_TOO_LARGE: { status: 431, message: 'The request line and headers are too large' },
  // Persisted documents at the gateway: Apollo's automatic persisted queries (a miss is answered 200,
  // as Apollo's protocol has clients then send the document) and the trusted-document manifest.
  PERSISTED_QUERY_NOT_FOUND: { status: 200, message: 'PersistedQueryNotFound' },
  PERSISTED_QUERY_HASH_INVALID: { status: 400, message: 'The persisted query hash is not a SHA-256 of 64 hex digits' },
  PERSISTED_QUERY_HASH_MISMATCH: { status: 400, message: 'The persisted query hash does not match its document' },
  PERSISTED_QUERY_NOT_IN_LIST: { status: 400, message: 'The document is not in the trusted-document manifest' },
  // Batched requests (a JSON array of operations).
  BATCH_TOO_LARGE: { status: 400, message: 'The batch holds more operations than allowed' },
  BATCH_ITEM_INVALID: { status: 400, message: 'Each operation of a batch is a JSON object' },
  // A field or type the caller's credentials do not reach (@authenticated, @requiresScopes, @policy):
  // removed from the operation before any subgraph is asked, the rest served.
  UNAUTHORIZED_FIELD_OR_TYPE: { status: 403, message: 'Unauthorized field or type' },
  HOST_NOT_ALLOWED: { status: 400, message: 'The Host header names no host this server answers for (ALLOWED_HOSTS)' },
  UNAUTHENTICATED: { status: 401, message: 'Authentication required' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  CONFLICT: { status: 409, message: 'Already exists' },
  LENGTH_REQUIRED: { status: 411, message: 'Content-Length is required' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  UNPROCESSABLE: { status: 422, message: 'The request cannot be processed' },
  RATE_LIMITED: { status: 429, message: 'Too many requests' },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Internal server error' },
  BAD_GATEWAY: { status: 502, message: 'An upstream service failed' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service unavailable' },
  ...GUARD_PROTOCOL_ERRORS,
  ...STORE_API_ERRORS,
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CATALOG, code);
}

/** The HTTP status an error code means; unknown codes are server faults. */
export function statusOf(code: unknown): number {
  return isErrorCode(code) ? ERROR_CATALOG[code].status : 500;
}
