import { errorRenderer } from '../kit/error-renderer';

/** Feed errors (decisions.md): `{message}`, plus `field` when one field is at fault. */
export const renderFeedError = errorRenderer((error, requestId) => {
  if (error.unexpected) return { message: 'Internal server error', request_id: requestId };
  return error.field ? { message: error.message, field: error.field } : { message: error.message };
});
