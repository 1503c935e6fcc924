import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../support/free-port';
import type { LaunchedStack } from '../../../lib/stack-launch/launch-stack';
import { WebhookDelivery } from '../../../subgraphs/store/entities';
import { fromDist } from '../../support/from-dist';
import { launchOwnStack, STARTUP_PATIENCE_MS, type OwnStack } from '../../support/own-stack';
import { withStoreDatabase } from '../../support/store-rows';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { install, StoreApi } from '../store-rest/store-fixtures';

/**
 * The outbox outlives the process: a change answered just before the store process dies is
 * delivered by the process that replaces it, and a delivery that keeps failing ends after its last
 * attempt. A stack of its own, since its store process is killed.
 */
describe('store webhooks: durable deliveries', () => {
  const settings = {
    STORE_WEBHOOK_ALLOW_PRIVATE: 'true',
    STORE_WEBHOOK_RETRY_UNIT_MS: '100',
    STORE_WEBHOOK_MAX_ATTEMPTS: '3',
    STORE_WEBHOOK_TIMEOUT_MS: '1000',
    STORE_WEBHOOK_LEASE_MS: '2000',
    STORE_WEBHOOK_POLL_MS: '200',
    STORE_RATE_LIMIT_CAPACITY: '100000',
  };
  let stack: OwnStack;
  let restarted: LaunchedStack | undefined;
  let api: StoreApi;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    stack = await launchOwnStack(settings, { only: ['accounts', 'store', 'gateway', 'rest-shim'] });
    api = new StoreApi(stack.target, await install(stack.target));
  }, 120_000);
  afterAll(async () => {
    await receiver.stop();
    await restarted?.stop();
    await stack?.stop();
  });

  const outboxRows = (where: object) => withStoreDatabase(stack.target, (orm) => orm.em.fork().find(WebhookDelivery, where));

  /** Waits until the outbox rows matching `where` satisfy `done`. */
  async function outboxUntil(where: object, done: (rows: WebhookDelivery[]) => boolean, what: string): Promise<WebhookDelivery[]> {
    for (let tries = 0; ; tries++) {
      const rows = await outboxRows(where);
      if (done(rows)) return rows;
      if (tries > 300) throw new Error(`${what}: ${JSON.stringify(rows)}`);
      await sleep(100);
    }
  }

  it('delivers a change answered right before the store process was killed, once it restarts', async () => {
    // The receiver listens only after the kill: whatever arrives was sent by the new process.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/after-crash`;
    expect((await api.write('POST', '/webhooks', { event: 'product/created', url })).status).toBe(201);

    const created = await api.write('POST', '/products', { name: 'Superviviente' });
    expect(created.status).toBe(201);
    await stack.killPart('store');

    await receiver.start(port);
    const { launchStack } = fromDist<typeof import('../../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
    restarted = await launchStack({ env: stack.target.env, only: ['store'], waitFor: 'ready', readyTimeoutMs: STARTUP_PATIENCE_MS, stdio: process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore' });

    await receiver.waitFor(() => receiver.at('/after-crash').length >= 1, 30_000, 'the delivery after the restart');
    expect(receiver.at('/after-crash')[0].body).toEqual({ store_id: api.installation.storeId, event: 'product/created', id: created.body.id });
    await outboxUntil({ url }, (rows) => rows.length === 0, 'the delivery stayed queued after its 2xx');
    expect(receiver.at('/after-crash')).toHaveLength(1);
  });

  it('gives a delivery up after its last attempt, and keeps the row for inspection', async () => {
    receiver.answer = (path) => (path === '/always-failing' ? 503 : 200);
    const url = receiver.url('/always-failing');
    expect((await api.write('POST', '/webhooks', { event: 'category/created', url })).status).toBe(201);
    await api.write('POST', '/categories', { name: 'Nunca' });

    const [row] = await outboxUntil({ url }, (rows) => rows.length === 1 && rows[0].gaveUpAt !== null, 'the delivery was not given up');
    expect(row).toMatchObject({ attempts: 3, nextAttemptAt: null, lastError: 'HTTP 503', claimToken: null });
    expect(receiver.at('/always-failing')).toHaveLength(3);
  });
});
