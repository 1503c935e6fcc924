export { FORWARDED_HEADERS_EXTENSION, connectionParamHeaders, isResumedSubscription, subscriptionHeaders } from './socket-credentials';
export { socketUrl, subscriptionErrors } from './graphql-ws-client';
export { cappedBackoff, MAX_RECONNECT_WAIT_MS, markResumedSubscriptions, RESUMED_EXTENSION } from './reconnect';
export { SubscriptionDocuments } from './subscription-documents';
