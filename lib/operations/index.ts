export { mountOperations, requestBookkeeping, serveOperations, serveProcessMetrics } from './process-operations';
export type { OperationsOptions, ProcessOperations } from './process-operations';
export { assessReadiness, PROBE_TIMEOUT_MS } from './readiness';
export type { CheckOutcome, Readiness, ReadinessCheck } from './readiness';
export { databaseCheck, graphqlEndpointCheck, redisCheck } from './readiness-checks';
