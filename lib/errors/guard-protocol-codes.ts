/**
 * The error codes of the guard wire protocol (specs/guard-protocol.md, "Common rules"), with the
 * statuses v3 clients expect. The shim renders them as `{"error_code", "error_message", ...}`.
 */
export const GUARD_PROTOCOL_ERRORS = {
  API_KEY_MISSING: { status: 401, message: 'An API key is required (X-API-Key)' },
  API_KEY_INVALID: { status: 401, message: 'The API key is not valid' },
  API_KEY_REVOKED: { status: 401, message: 'The API key has been revoked' },
  SIGNATURE_REQUIRED: { status: 401, message: 'This API key requires signed requests' },
  SIGNATURE_INVALID: { status: 401, message: 'The request signature is not valid' },
  WORKFLOW_INACTIVE: { status: 403, message: 'The workflow is not active for this API key' },
  WORKFLOW_NOT_FOUND: { status: 404, message: 'No workflow of this organisation has this id' },
  BUDGET_HARD_BLOCKED: { status: 402, message: 'The workflow budget is exhausted' },
  CONSUME_OVERBUDGET: { status: 422, message: 'The actual cost exceeds the reservation' },
  RATE_LIMIT_EXCEEDED: { status: 429, message: 'Too many requests for this API key' },
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid' },
  PROTOCOL_HEADER_REQUIRED: { status: 400, message: 'The X-Guard-Protocol header is required' },
  PROTOCOL_TOO_OLD: { status: 400, message: 'This protocol version is no longer supported' },
  PROTOCOL_TOO_NEW: { status: 400, message: 'This protocol version is not supported yet' },
} as const satisfies Record<string, { status: number; message: string }>;
