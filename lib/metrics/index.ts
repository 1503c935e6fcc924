export { eventsIngested, gateDecisions, genAiSpend, genAiTokens, runawayStops, persistedDocumentRequests, pubsubMessages, subgraphFetchDuration, subgraphFetches, trustedManifestLoads, webhookDeliveries } from './instruments';
export { countRequest, httpMetrics, routePatternOf } from './http-metrics';
export { graphqlMetricsPlugin } from './graphql-metrics';
export { observeDatabasePool } from './database-pool-metrics';
export { serveMetrics } from './metrics-server';
export type { MetricsListener } from './metrics-server';
export { LabelBudget } from './label-budget';
