import { setTimeout as sleep } from 'node:timers/promises';
import { metricsPortVariable, subgraphVariables } from '../../../lib/config';
import { freePort } from '../../support/free-port';
import type { LaunchedStack } from '../../../lib/stack-launch/launch-stack';
import { WebhookDelivery } from '../../../subgraphs/store/entities';
import { fromDist } from '../../support/from-dist';
import { STARTUP_PATIENCE_MS } from '../../support/own-stack';
import { postJson } from '../../support/http';
import { sampleSum, scrape } from '../../support/scrape';
import { appToken, uninstallApp } from '../../support/store';
import { withStoreDatabase } from '../../support/store-rows';
import { stackTargets, type StackTarget } from '../../support/targets';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { install, StoreApi } from '../store-rest/store-fixtures';

const EVENTS = 500;
const PER_OPERATION = 25;
const postgres = stackTargets().find((target) => target.dialect === 'postgresql');

/**
 * Two store processes on one PostgreSQL database share the outbox: each queues the changes it
 * makes and both deliver, claiming rows with FOR UPDATE SKIP LOCKED, and no event reaches the
 * receiver twice. (SQLite is one machine's file: its stacks run one store process.)
 */
(postgres ? describe : describe.skip)('store webhooks: two store instances on PostgreSQL', () => {
  const target = postgres as StackTarget;
  const receiver = new WebhookReceiver();
  let second: LaunchedStack;
  let instances: string[];
  let secondMetrics: string;
  let api: StoreApi;

  beforeAll(async () => {
    await receiver.start();
    // The second instance shares the stack's database and data directory (the app-secret key).
    const env = { ...target.env, [subgraphVariables('store').port]: String(await freePort()), [metricsPortVariable('store')]: String(await freePort()) };
    const { launchStack } = fromDist<typeof import('../../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
    second = await launchStack({ env, only: ['store'], waitFor: 'ready', readyTimeoutMs: STARTUP_PATIENCE_MS, stdio: process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore' });
    instances = [target.env, env].map((variables) => `http://127.0.0.1:${variables[subgraphVariables('store').port]}/graphql`);
    secondMetrics = `http://127.0.0.1:${env[metricsPortVariable('store')]}/metrics`;
    api = new StoreApi(target, await install(target));
    expect((await api.write('POST', '/webhooks', { event: 'product/created', url: receiver.url('/shared') })).status).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await second?.stop();
    await receiver.stop();
  });

  /** One operation creating PER_OPERATION products, sent straight to one instance. */
  async function createBatch(instance: string, batch: number): Promise<number[]> {
    const fields = Array.from({ length: PER_OPERATION }, (_, i) => `p${i}: createProduct(storeId: $s, input: { name: "Lote ${batch}-${i}" }) { id }`);
    const response = await postJson(instance, { query: `mutation($s: Int!) { ${fields.join(' ')} }`, variables: { s: api.installation.storeId } }, appToken(api.installation.token));
    if (response.status !== 200 || response.body.errors) throw new Error(`batch ${batch} failed: ${JSON.stringify(response.body)}`);
    return Object.values(response.body.data as Record<string, { id: number }>).map((product) => product.id);
  }

  it(`delivers each of ${EVENTS} events exactly once`, async () => {
    const batches = Array.from({ length: EVENTS / PER_OPERATION }, (_, batch) => batch);
    const created: number[] = [];
    // Half of the changes through each instance, two operations at a time on each.
    for (let start = 0; start < batches.length; start += 4) {
      const round = batches.slice(start, start + 4).map((batch) => createBatch(instances[batch % 2], batch));
      for (const ids of await Promise.all(round)) created.push(...ids);
    }
    expect(new Set(created).size).toBe(EVENTS);

    await receiver.waitFor(() => new Set(receiver.at('/shared').map((d) => d.body.id)).size >= EVENTS, 240_000, `${EVENTS} distinct deliveries`);
    // Everything settled: the outbox holds nothing more for this store.
    for (let tries = 0; ; tries++) {
      const left = await withStoreDatabase(target, (orm) => orm.em.fork().count(WebhookDelivery, { storeId: api.installation.storeId }));
      if (left === 0) break;
      if (tries > 300) throw new Error(`${left} deliveries still queued`);
      await sleep(100);
    }
    const arrived = receiver.at('/shared');
    expect(arrived).toHaveLength(EVENTS);
    expect(arrived.map((delivery) => delivery.body.id).sort((a, b) => a! - b!)).toEqual([...created].sort((a, b) => a - b));
    expect(new Set(arrived.map((delivery) => delivery.headers['x-linkedstore-delivery-id'])).size).toBe(EVENTS);
    // The second instance took its share.
    expect(sampleSum(await scrape(secondMetrics), 'store_webhook_deliveries_total', { outcome: 'delivered' })).toBeGreaterThan(0);
  }, 400_000);

  it('revokes an uninstalled app on both instances at once', async () => {
    const uninstalled = await uninstallApp(target, api.installation.owner.token, api.installation.storeId, api.installation.appId);
    expect(uninstalled.data).toEqual({ uninstallApp: true });
    for (const instance of instances) {
      const answer = await postJson(instance, { query: 'query($s: Int!) { storeAccess(storeId: $s) { appId } }', variables: { s: api.installation.storeId } }, appToken(api.installation.token));
      expect(answer.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
  });
});
