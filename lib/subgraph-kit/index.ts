// First: tracing must start before the kit loads express, graphql and the database drivers.
import '../tracing/register';
import 'reflect-metadata';
export { buildFederatedSchema } from './federated-schema';
export type { FederatedSchemaOptions } from './federated-schema';
export { runSubgraph, startSubgraphProcess } from './run-subgraph';
export type { RunningSubgraph } from './run-subgraph';
export type { RequestDatabase, RequestScope, SubgraphContext, SubgraphDefinition, SubgraphRuntime } from './subgraph-definition';
export { formatSubgraphError } from './format-error';
export { selectedProperties } from './selected-properties';
export { CACHE_CONTROL_SCHEMA, cacheControl, type CacheHintArguments, type CacheScope } from './cache-control';
