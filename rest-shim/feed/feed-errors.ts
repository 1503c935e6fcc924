import { unauthenticated } from '../../lib/errors';
import type { ApiError } from '../kit/api-error';
import { errorRenderer } from '../kit/error-renderer';
import { legacyFieldError, type FaultError } from '../kit/request-reader';

/** Feed errors (decisions.md): `{message}`, plus `field` when one field is at fault. */
export function feedErrorBody(error: ApiError, requestId: string) {
  if (error.unexpected) return { message: 'Internal server error', request_id: requestId };
  return error.field ? { message: error.message, field: error.field } : { message: error.message };
}

export const renderFeedError = errorRenderer(feedErrorBody);

/** A request that does not match its declaration: the legacy words, and a repeated token is a 401. */
export const feedFaultError: FaultError = (fault) => {
  if (fault.part === 'query' && fault.field === 'access_token' && fault.problem !== 'unstorable') return unauthenticated('access_token must be given once');
  return legacyFieldError(fault);
};
