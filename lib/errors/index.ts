export { ERROR_CATALOG, isErrorCode, statusOf } from './catalog';
export type { ErrorCode } from './catalog';
export { AppError, badGateway, badInput, conflict, forbidden, notFound, unauthenticated } from './app-error';
export type { AppErrorOptions } from './app-error';
