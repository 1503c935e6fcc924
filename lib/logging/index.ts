export { createLogger, redactUrl } from './logger';
export type { Logger } from './logger';
export { httpLogger } from './http-logger';
export { REQUEST_ID_HEADER, requestIdFrom } from './request-id';
