import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { init, protect, Runtime, shutdown, status, trackLlm } from '@switchyard/sdk';
import { freePort } from '../../support/free-port';
import { describeEachDatabase } from '../../support/targets';
import { newTenant } from '../../support/tenants';
import { eventually } from '../../support/eventually';
import { usageTotals } from '../../support/guard-fixtures';

const DIST = join(__dirname, '..', '..', '..', 'dist');

/** One process of the stack, run from dist/ with the stack's environment, that the test can stop and start again. */
class StackPart {
  private child: ChildProcess | null = null;

  constructor(
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly port: number,
  ) {}

  async start(): Promise<void> {
    this.child = spawn(process.execPath, [join(DIST, this.entry)], { env: { ...process.env, ...this.env }, stdio: 'ignore' });
    const child = this.child;
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`${this.entry} exited with ${child.exitCode}`);
      return fetch(`http://127.0.0.1:${this.port}/healthz`).then((response) => response.ok, () => false);
    }, 30_000, `${this.entry} answering`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
}

describeEachDatabase('sdk: a gateway outage while tracking', (target) => {
  let gateway: StackPart;
  let shim: StackPart;
  let urls: { api: string; control: string };

  // A gateway and a shim of our own, in front of the stack's subgraphs and databases, so that
  // this test can take the gateway down without disturbing the other tests.
  beforeAll(async () => {
    const gatewayPort = await freePort();
    const shimPort = await freePort();
    // Metrics ports of their own too: the stack's gateway and shim hold the ones in target.env.
    const metrics = { GATEWAY_METRICS_PORT: String(await freePort()), SHIM_METRICS_PORT: String(await freePort()) };
    gateway = new StackPart('gateway/main.js', { ...target.env, ...metrics, GATEWAY_PORT: String(gatewayPort) }, gatewayPort);
    // The shim sends its operations to that gateway (`remote`), so its outage is the API's too.
    shim = new StackPart('rest-shim/main.js', { ...target.env, ...metrics, GATEWAY_PORT: String(gatewayPort), SHIM_PORT: String(shimPort), SHIM_GATEWAY: 'remote' }, shimPort);
    await gateway.start();
    await shim.start();
    urls = { api: `http://127.0.0.1:${shimPort}`, control: `ws://127.0.0.1:${gatewayPort}/graphql` };
    // Two processes started one after the other: on a busy machine, more than the default 30 s.
  }, 120_000);
  afterAll(async () => {
    await shutdown({ timeout: 0, flush: false });
    await shim.stop();
    await gateway.stop();
  });

  it('keeps events while the gateway is down, lets protected calls through, and delivers once it is back', async () => {
    const fixture = await newTenant(target);
    await init(new Runtime({ apiKey: fixture.key, apiUrl: urls.api, controlUrl: urls.control, flushIntervalMs: 50, pollIntervalMs: 0 }, {}));
    await eventually(() => status().pushConnected, 10_000, 'the control channel connecting');

    await gateway.stop();
    trackLlm(300, 100, { model: 'gpt-4o-mini' });
    trackLlm(200, 50, { model: 'gpt-4o-mini' });
    // the gate cannot answer: the call runs anyway (fail open)
    expect(await protect(async function during_outage() {
      trackLlm(100, 50, { model: 'gpt-4o-mini' });
      return 'ran';
    })()).toBe('ran');
    await eventually(() => status().bufferedEvents === 3 && !status().pushConnected, 10_000, 'the SDK noticing the outage');
    expect(status()).toMatchObject({ state: 'degraded', eventsDelivered: 0, eventsLost: 0 });

    await gateway.start();
    await eventually(() => status().eventsDelivered === 3, 20_000, 'the buffered events being delivered');
    await eventually(() => status().pushConnected, 10_000, 'the control channel reconnecting');
    expect(await shutdown()).toEqual({ eventsDelivered: 3, eventsLost: 0 });
    expect(await usageTotals(target, fixture)).toMatchObject({ calls: 3, tokens: 800 });
  });
});
