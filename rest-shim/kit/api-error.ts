import { AppError } from '../../lib/errors';
import { MAX_JSON_DEPTH } from '../../lib/validation';
import { TOO_DEEP } from './body-parsers';
import { GatewayOperationError } from '../../lib/graph-client';

/** What every legacy API's renderer needs to know about a failure. */
export interface ApiError {
  status: number;
  code: string;
  message: string;
  field?: string;
  details?: Record<string, unknown>;
  /** True when the failure is ours: log it and answer without details. */
  unexpected: boolean;
}

interface BodyParserError {
  type?: string;
  status?: number;
  /** http-errors' mark of an error made for the caller (raw-body's failed inflation has no type). */
  expose?: boolean;
}

const BODY_PARSER_ERRORS: Record<string, Omit<ApiError, 'unexpected'>> = {
  'entity.parse.failed': { status: 400, code: 'MALFORMED_BODY', message: 'The request body is not valid JSON' },
  'entity.too.large': { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body exceeds 1 MiB' },
  'entity.verify.failed': { status: 400, code: 'MALFORMED_BODY', message: 'The request body could not be read' },
  'request.aborted': { status: 400, code: 'MALFORMED_BODY', message: 'The request body was cut short' },
  'request.size.invalid': { status: 400, code: 'MALFORMED_BODY', message: 'The request body does not match its Content-Length' },
  'charset.unsupported': { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported charset' },
  'encoding.unsupported': { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content encoding' },
  'parameters.too.many': { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many form parameters' },
  [TOO_DEEP]: { status: 400, code: 'MALFORMED_BODY', message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels` },
};

/** A body its Content-Encoding does not describe (not gzip, not deflate, not brotli after all). */
const UNDECODABLE_BODY: Omit<ApiError, 'unexpected'> = { status: 400, code: 'MALFORMED_BODY', message: 'The request body does not match its Content-Encoding' };

/** One classification of every error a route can end in, for the per-API renderers. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof AppError || error instanceof GatewayOperationError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      field: error.field,
      details: error instanceof GatewayOperationError ? error.details : (error.extensions.details as Record<string, unknown> | undefined),
      unexpected: error instanceof GatewayOperationError ? !error.intended : error.code === 'INTERNAL_SERVER_ERROR',
    };
  }
  // The router could not percent-decode a path segment: no resource has such a name.
  if (error instanceof URIError) return { status: 404, code: 'NOT_FOUND', message: 'Not found', unexpected: false };
  const parserError = error as BodyParserError | undefined;
  const parserType = parserError?.type;
  if (parserType && Object.hasOwn(BODY_PARSER_ERRORS, parserType)) return { ...BODY_PARSER_ERRORS[parserType], unexpected: false };
  // The body parsers inflate before reading: zlib's failure reaches us untyped, marked 400.
  if (!parserType && parserError?.expose === true && parserError.status === 400) return { ...UNDECODABLE_BODY, unexpected: false };
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', unexpected: true };
}
