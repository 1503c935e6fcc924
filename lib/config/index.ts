export { loadConfig } from './config';
export type { Config, DatabaseConfig, FeedConfig } from './config';
export { SUBGRAPH_NAMES, SUBGRAPH_REGISTRY, subgraphVariables } from './subgraph-registry';
export type { SubgraphEntry, SubgraphName } from './subgraph-registry';
export { ConfigError, EnvReader } from './env-reader';
export { DEFAULT_MODEL_PRICES } from './guard-config';
export type { GuardConfig, ModelPrice } from './guard-config';
export { DEFAULT_ALLOWED_HOSTS } from './base-settings';
export type { BaseSettings } from './base-settings';
