export { FORWARDED_HEADERS_EXTENSION, connectionParamHeaders, subscriptionHeaders } from './socket-credentials';
export { socketUrl, subscriptionErrors } from './graphql-ws-client';
