export { closeRedis, openRedis, type RedisConnectionOptions } from './connection';
