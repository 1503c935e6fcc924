export { loadConfig, SUBGRAPH_NAMES, SUBGRAPH_PORTS } from './config';
export type { Config, DatabaseConfig, FeedConfig, SubgraphName } from './config';
export { ConfigError, EnvReader } from './env-reader';
