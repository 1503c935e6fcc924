/**
 * The error codes of the store platform API (specs/store.md) beyond the common ones, with the
 * statuses its REST callers expect. The shim's `/v1` router renders them in that API's envelopes;
 * the OAuth codes are RFC 6749's `error` values, upper-cased.
 */
export const STORE_API_ERRORS = {
  /** One or more fields are at fault: `extensions.details.fields` maps each to its messages. */
  INVALID_FIELDS: { status: 422, message: 'Some fields are not valid' },
  /** The request as a whole cannot be done (a limit, the last variant). */
  REQUEST_REFUSED: { status: 422, message: 'The request cannot be processed' },
  /** The store, or the app's installation, is unpaid. */
  PAYMENT_REQUIRED: { status: 402, message: 'Access is suspended until payment is resumed' },
  INVALID_REQUEST: { status: 400, message: 'The request is missing a parameter or is malformed' },
  UNSUPPORTED_GRANT_TYPE: { status: 400, message: 'Only grant_type=authorization_code is supported' },
  INVALID_GRANT: { status: 400, message: 'The authorization code is unknown, used or expired' },
  INVALID_CLIENT: { status: 401, message: 'Client authentication failed' },
} as const satisfies Record<string, { status: number; message: string }>;
