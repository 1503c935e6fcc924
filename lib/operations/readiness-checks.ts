import type { Redis } from 'ioredis';
import type { DomainOrm } from '../db';
import type { ReadinessCheck } from './readiness';

/** The subgraph's database answers a trivial statement. */
export function databaseCheck(orm: DomainOrm): ReadinessCheck {
  return {
    name: 'database',
    async probe() {
      const result = await orm.checkConnection();
      if (!result.ok) throw new Error(result.reason ?? 'the database refused the connection');
    },
  };
}

/**
 * Redis answers PING, over a connection of the check's own (opened on the first probe), so a
 * pubsub connection stuck in subscriber mode cannot be mistaken for a healthy server. Not
 * required: without Redis a process still serves (other instances' signals reach it through the
 * database), so Redis down makes it `degraded`, not unready.
 */
export function redisCheck(url: string): ReadinessCheck & { close(): Promise<void> } {
  let connection: Redis | undefined;
  return {
    name: 'redis',
    required: false,
    async probe() {
      if (!connection) {
        // Loaded here: a process without Redis never loads its client.
        const { Redis: RedisClient } = require('ioredis') as typeof import('ioredis');
        connection = new RedisClient(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectionName: 'switchyard-readiness', enableOfflineQueue: true });
        // Errors surface through the probe; an unhandled 'error' event would crash the process.
        connection.on('error', () => undefined);
      }
      const answer = await connection.ping();
      if (answer !== 'PONG') throw new Error(`Redis answered ${answer}`);
    },
    async close() {
      connection?.disconnect();
    },
  };
}

/**
 * A GraphQL endpoint (a subgraph, the gateway) answers `{ __typename }` with 200: listening,
 * and its GraphQL server started.
 */
export function graphqlEndpointCheck(name: string, url: string): ReadinessCheck {
  return {
    name,
    async probe(signal) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
        signal,
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`answered HTTP ${response.status}`);
    },
  };
}
