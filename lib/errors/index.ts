export { ERROR_CATALOG, isErrorCode, statusOf } from './catalog';
export type { ErrorCode } from './catalog';
export { AppError, badGateway, badInput, conflict, forbidden, notFound, unauthenticated } from './app-error';
export type { AppErrorOptions } from './app-error';
export { FieldErrors, invalidField, invalidFields } from './field-errors';
export type { FieldMessages } from './field-errors';
