export { FORWARDED_HEADERS_EXTENSION, connectionParamHeaders, flatHeaders, subscriptionHeaders } from './socket-credentials';
export type { HeaderMap } from './socket-credentials';
