import { SUBGRAPH_NAMES } from '../../../lib/config';
import { send } from '../../support/http';
import { launchOwnStack, type OwnStack } from '../../support/own-stack';
import { processOrigins } from '../../support/process-origins';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('health of every process', (target) => {
  const origins = processOrigins(target.env);

  it.each(Object.keys(origins))('%s answers /healthz and /readyz, naming each check', async (name) => {
    const alive = await send(`${origins[name]}/healthz`);
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: 'ok', service: name });

    const ready = await send(`${origins[name]}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.service).toBe(name);
    for (const outcome of Object.values(ready.body.checks)) expect(outcome).toEqual({ status: 'up' });
  });

  it('checks what each process depends on', async () => {
    const checksOf = async (name: string) => Object.keys((await send(`${origins[name]}/readyz`)).body.checks).sort();
    // The supergraph each one serves (its embedded executor's, for the shim): down while a newer one is refused.
    expect(await checksOf('rest-shim')).toEqual(['gateway', 'supergraph']);
    expect(await checksOf('gateway')).toEqual([...SUBGRAPH_NAMES.map((name) => `subgraph ${name}`), 'supergraph'].sort());
    // The stacks inherit REDIS_URL from the test run's environment.
    const stores = (target.env.REDIS_URL ?? process.env.REDIS_URL) ? ['database', 'redis'] : ['database'];
    for (const name of SUBGRAPH_NAMES) expect(await checksOf(name)).toEqual(stores);
  });
});

describe('readiness when a subgraph stops', () => {
  let stack: OwnStack;
  beforeAll(async () => {
    stack = await launchOwnStack({});
  }, 150_000);
  afterAll(() => stack?.stop());

  it('makes the gateway unready, naming the subgraph, while it stays alive and the shim stays ready', async () => {
    const origins = processOrigins(stack.target.env);
    expect((await send(`${origins.gateway}/readyz`)).status).toBe(200);

    await stack.stopPart('feed');

    const gatewayReady = await send(`${origins.gateway}/readyz`);
    expect(gatewayReady.status).toBe(503);
    expect(gatewayReady.body.status).toBe('unready');
    expect(gatewayReady.body.checks['subgraph feed']).toEqual({ status: 'down', error: expect.any(String) });
    expect(gatewayReady.body.checks['subgraph accounts']).toEqual({ status: 'up' });
    expect((await send(`${origins.gateway}/healthz`)).status).toBe(200);
    // The shim needs only the gateway: routes of the other subgraphs still work through it.
    expect((await send(`${origins['rest-shim']}/readyz`)).status).toBe(200);
  });
});
