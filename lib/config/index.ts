export { loadConfig, SUBGRAPH_NAMES, SUBGRAPH_PORTS } from './config';
export type { Config, DatabaseConfig, FeedConfig, SubgraphName } from './config';
export { ConfigError, EnvReader } from './env-reader';
export { DEFAULT_MODEL_PRICES } from './guard-config';
export type { GuardConfig, ModelPrice } from './guard-config';
export type { StoreApiConfig } from './store-api-config';
export type { StoreConfig } from './store-config';
