export { closeRedis, openRedis, type RedisConnectionOptions } from './connection';
export { connectRequestPathRedis, REQUEST_PATH_COMMAND_TIMEOUT_MS } from './request-path-connection';
export { LocalFallback } from './local-fallback';
