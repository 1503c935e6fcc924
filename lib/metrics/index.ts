export { eventsIngested, gateDecisions, persistedDocumentRequests, pubsubMessages, subgraphFetchDuration, subgraphFetches, trustedManifestLoads, webhookDeliveries } from './instruments';
export { responseCacheInvalidations, responseCacheLookups } from './instruments';
export { countRequest, httpMetrics, routePatternOf } from './http-metrics';
export { graphqlMetricsPlugin } from './graphql-metrics';
export { observeDatabasePool } from './database-pool-metrics';
export { serveMetrics } from './metrics-server';
export type { MetricsListener } from './metrics-server';
export { supergraphInfo, supergraphLoadedAt, supergraphReloadFailures, supergraphReloads } from './supergraph-metrics';
export type { SupergraphRefusal } from './supergraph-metrics';
