import { setTimeout as sleep } from 'node:timers/promises';
import { WebhookDelivery } from '../../../subgraphs/store/entities';
import { withStoreDatabase } from '../../support/store-rows';
import { describeEachDatabase } from '../../support/targets';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { install, StoreApi } from '../store-rest/store-fixtures';

/** The test stacks' retry minute (STORE_WEBHOOK_RETRY_UNIT_MS in test/support/global-setup.ts). */
const MINUTE_MS = 100;

describeEachDatabase('store webhooks: retries', (target) => {
  const receiver = new WebhookReceiver();
  let api: StoreApi;

  beforeAll(async () => {
    await receiver.start();
    api = new StoreApi(target, await install(target));
  });
  afterAll(() => receiver.stop());

  /** Whether the outbox still holds the delivery. */
  const queued = (deliveryId: number) => withStoreDatabase(target, (orm) => orm.em.fork().count(WebhookDelivery, { id: deliveryId }));

  it('retries a receiver that answers 500 on the schedule, and a 2xx ends the retries', async () => {
    receiver.answer = (path, index) => (path === '/flaky' && index < 2 ? 500 : 200);
    expect((await api.write('POST', '/webhooks', { event: 'product/created', url: receiver.url('/flaky') })).status).toBe(201);
    const product = (await api.write('POST', '/products', { name: 'Reintento' })).body;

    const attempts = await receiver.waitFor((got) => got.filter((d) => d.path === '/flaky').length >= 3).then(() => receiver.at('/flaky'));
    const deliveryIds = new Set(attempts.map((attempt) => attempt.headers['x-linkedstore-delivery-id']));
    expect(deliveryIds.size).toBe(1);
    for (const attempt of attempts) expect(attempt.body).toEqual({ store_id: api.installation.storeId, event: 'product/created', id: product.id });
    // At once, then 5 and 10 minutes of the schedule after each failure (never sooner).
    expect(attempts[1].receivedAt - attempts[0].receivedAt).toBeGreaterThanOrEqual(5 * MINUTE_MS);
    expect(attempts[2].receivedAt - attempts[1].receivedAt).toBeGreaterThanOrEqual(10 * MINUTE_MS);

    // The 2xx settled it: the outbox lets go of it, and nothing more comes.
    const deliveryId = Number([...deliveryIds][0]);
    for (let tries = 0; (await queued(deliveryId)) > 0; tries++) {
      if (tries > 100) throw new Error(`delivery ${deliveryId} is still queued after its 2xx`);
      await sleep(100);
    }
    expect(receiver.at('/flaky')).toHaveLength(3);
  });
});
