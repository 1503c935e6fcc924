import { Counter, Histogram } from 'prom-client';

/**
 * Every metric our code records, in the process's default registry, so a module anywhere
 * increments them without being handed a registry. Label values come from code or from a bounded
 * set (route patterns, operation names kept to a budget), never from raw caller input.
 */

/** Latency buckets in seconds, from a cached gate check to a slow federated query. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its response finishing, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
});

export const graphqlOperations = new Counter({
  name: 'graphql_operations_total',
  help: 'GraphQL operations executed, by operation name, type and outcome (ok, or error when any error was returned)',
  labelNames: ['operation', 'type', 'outcome'] as const,
});

export const graphqlOperationDuration = new Histogram({
  name: 'graphql_operation_duration_seconds',
  help: 'Time to answer a GraphQL operation, by operation name and type',
  labelNames: ['operation', 'type'] as const,
  buckets: LATENCY_BUCKETS,
});

export const graphqlErrors = new Counter({
  name: 'graphql_errors_total',
  help: 'GraphQL errors returned, by operation name and error code',
  labelNames: ['operation', 'code'] as const,
});

export const subgraphFetches = new Counter({
  name: 'gateway_subgraph_fetches_total',
  help: 'Fetches the gateway made to a subgraph, by subgraph and outcome (ok, error: answered with errors, unavailable)',
  labelNames: ['subgraph', 'outcome'] as const,
});

export const forwardedAnswers = new Counter({
  name: 'gateway_forwarded_answers_total',
  help: "Calls of operations one subgraph answers whole, by subgraph and outcome (forwarded: its answer passed on as it came; shaped: errors, extensions or a failed fetch, left to the executor)",
  labelNames: ['subgraph', 'outcome'] as const,
});

export const sharedOperations = new Counter({
  name: 'gateway_shared_operations_total',
  help: 'Queries answered with the answer of an identical one in flight for the same caller, instead of being run again',
});

export const subgraphFetchDuration = new Histogram({
  name: 'gateway_subgraph_fetch_duration_seconds',
  help: 'Time of one gateway fetch to a subgraph',
  labelNames: ['subgraph'] as const,
  buckets: LATENCY_BUCKETS,
});

export const pubsubMessages = new Counter({
  name: 'pubsub_messages_total',
  help: 'Pubsub messages, by topic and direction (published here, delivered to listeners here)',
  labelNames: ['topic', 'direction'] as const,
});

export const gateDecisions = new Counter({
  name: 'guard_gate_decisions_total',
  help: 'Guard gate decisions, by result',
  labelNames: ['result'] as const,
});

export const eventsIngested = new Counter({
  name: 'guard_events_ingested_total',
  help: 'Usage events the guard ingested, by outcome (accepted, or rejected)',
  labelNames: ['outcome'] as const,
});

export const webhookDeliveries = new Counter({
  name: 'store_webhook_deliveries_total',
  help: 'Store webhook delivery attempts, by event and outcome (delivered, failed: retried later, gave_up, dropped: the app is no longer served)',
  labelNames: ['event', 'outcome'] as const,
});

export const persistedDocumentRequests = new Counter({
  name: 'gateway_persisted_documents_total',
  help: 'Operations by how their document arrived: trusted (in the manifest), apq_hit, apq_miss, apq_registered, untrusted (served in allow mode), refused (enforce mode)',
  labelNames: ['outcome'] as const,
});

export const trustedManifestLoads = new Counter({
  name: 'gateway_trusted_manifest_loads_total',
  help: 'Reads of the trusted-document manifest, by outcome (ok, or invalid: the previous manifest kept serving)',
  labelNames: ['outcome'] as const,
});

export const responseCacheLookups = new Counter({
  name: 'gateway_response_cache_lookups_total',
  help: 'Cacheable queries the gateway response cache looked up, by outcome (hit, miss)',
  labelNames: ['outcome'] as const,
});

export const responseCacheInvalidations = new Counter({
  name: 'gateway_response_cache_invalidations_total',
  help: 'Writes that dropped response cache entries, by origin (local: a mutation here; announced: another replica)',
  labelNames: ['origin'] as const,
});

export const runawayStops = new Counter({
  name: 'guard_runaway_stops_total',
  help: 'Workflows the guard stopped by itself because a runaway rule was broken, by rule kind and action (pause, kill)',
  labelNames: ['kind', 'action'] as const,
});

export const genAiSpend = new Counter({
  name: 'guard_gen_ai_spend_cents_total',
  help: 'Spend the guard charged, in cents, by workflow id and model (each label kept to a budget of distinct values; later ones count as (other))',
  labelNames: ['workflow', 'model'] as const,
});

export const genAiTokens = new Counter({
  name: 'guard_gen_ai_tokens_total',
  help: 'Tokens reported to the guard, by workflow id, model and type (input, output), as gen_ai.usage.*_tokens (labels kept to a budget, as the spend)',
  labelNames: ['workflow', 'model', 'type'] as const,
});
