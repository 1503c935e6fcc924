export { FORWARDED_HEADERS_EXTENSION, connectionParamHeaders, subscriptionHeaders } from './socket-credentials';
