import { createServer } from 'node:http';
import express from 'express';
import { createLogger } from '../logging';
import { listen } from '../net';
import { freePort } from '../../test/support/free-port';
import { assessReadiness } from './readiness';
import { graphqlEndpointCheck } from './readiness-checks';
import { mountOperations } from './process-operations';

describe('readiness', () => {
  it('is ready when every check answers, naming each', async () => {
    const readiness = await assessReadiness([
      { name: 'database', probe: async () => undefined },
      { name: 'redis', probe: async () => undefined },
    ]);
    expect(readiness).toEqual({ status: 'ready', checks: { database: { status: 'up' }, redis: { status: 'up' } } });
  });

  it('names the check that failed and why, and the one that never answered', async () => {
    const readiness = await assessReadiness(
      [
        { name: 'database', probe: async () => undefined },
        { name: 'subgraph feed', probe: () => Promise.reject(new Error('answered HTTP 502')) },
        { name: 'redis', probe: () => new Promise<void>(() => undefined) },
      ],
      50,
    );
    expect(readiness).toEqual({
      status: 'unready',
      checks: {
        database: { status: 'up' },
        'subgraph feed': { status: 'down', error: 'answered HTTP 502' },
        redis: { status: 'down', error: 'no answer within 50 ms' },
      },
    });
  });

  it('is degraded, not unready, when only a check that is not required is down', async () => {
    const redisDown = { name: 'redis', required: false, probe: () => Promise.reject(new Error('connect ECONNREFUSED')) };
    expect(await assessReadiness([{ name: 'database', probe: async () => undefined }, redisDown])).toEqual({
      status: 'degraded',
      checks: { database: { status: 'up' }, redis: { status: 'down', error: 'connect ECONNREFUSED' } },
    });
    const databaseDown = { name: 'database', probe: () => Promise.reject(new Error('refused')) };
    expect((await assessReadiness([databaseDown, redisDown])).status).toBe('unready');
  });

  it('serves /healthz always and /readyz as 503 when an upstream is unreachable', async () => {
    const app = express();
    const unreachable = `http://127.0.0.1:${await freePort()}/graphql`;
    mountOperations(app, { service: 'rest-shim', logger: createLogger('test', 'silent'), checks: [graphqlEndpointCheck('gateway', unreachable)] });
    const server = createServer(app);
    const port = await listen(server, 0, '127.0.0.1');
    try {
      const alive = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect([alive.status, await alive.json()]).toEqual([200, { status: 'ok', service: 'rest-shim' }]);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unready', service: 'rest-shim', checks: { gateway: { status: 'down', error: expect.stringContaining('ECONNREFUSED') } } });
    } finally {
      server.close();
    }
  });
});
