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

  /** Waits until the outbox has let go of the delivery (a 2xx settled it). */
  async function settled(deliveryId: number): Promise<void> {
    for (let tries = 0; (await queued(deliveryId)) > 0; tries++) {
      if (tries > 100) throw new Error(`delivery ${deliveryId} is still queued after its 2xx`);
      await sleep(100);
    }
  }

  it('retries a failed delivery at once: a receiver answering 500 then 200 gets the event twice, then no more', async () => {
    receiver.answer = (path, index) => (path === '/once' && index < 1 ? 500 : 200);
    expect((await api.write('POST', '/webhooks', { event: 'product/created', url: receiver.url('/once') })).status).toBe(201);
    const product = (await api.write('POST', '/products', { name: 'Al instante' })).body;

    const attempts = await receiver.waitFor((got) => got.filter((d) => d.path === '/once').length >= 2).then(() => receiver.at('/once'));
    expect(new Set(attempts.map((attempt) => attempt.headers['x-linkedstore-delivery-id'])).size).toBe(1);
    for (const attempt of attempts) expect(attempt.body).toEqual({ store_id: api.installation.storeId, event: 'product/created', id: product.id });
    // At once: sooner than the schedule's next wait (5 minutes of 100 ms), which the retry before this change waited.
    expect(attempts[1].receivedAt - attempts[0].receivedAt).toBeLessThan(5 * MINUTE_MS);

    await settled(Number(attempts[0].headers['x-linkedstore-delivery-id']));
    // Past the longest wait the schedule would have had next (15 minutes), nothing more came.
    await sleep(15 * MINUTE_MS);
    expect(receiver.at('/once')).toHaveLength(2);
  });

  it('retries a receiver that answers 500 on the schedule, and a 2xx ends the retries', async () => {
    receiver.answer = (path, index) => (path === '/flaky' && index < 3 ? 500 : 200);
    expect((await api.write('POST', '/webhooks', { event: 'product/created', url: receiver.url('/flaky') })).status).toBe(201);
    const product = (await api.write('POST', '/products', { name: 'Reintento' })).body;

    const attempts = await receiver.waitFor((got) => got.filter((d) => d.path === '/flaky').length >= 4).then(() => receiver.at('/flaky'));
    const deliveryIds = new Set(attempts.map((attempt) => attempt.headers['x-linkedstore-delivery-id']));
    expect(deliveryIds.size).toBe(1);
    for (const attempt of attempts) expect(attempt.body).toEqual({ store_id: api.installation.storeId, event: 'product/created', id: product.id });
    // At once, then 5 and 10 minutes of the schedule after each failure (never sooner).
    expect(attempts[2].receivedAt - attempts[1].receivedAt).toBeGreaterThanOrEqual(5 * MINUTE_MS);
    expect(attempts[3].receivedAt - attempts[2].receivedAt).toBeGreaterThanOrEqual(10 * MINUTE_MS);

    // The 2xx settled it: the outbox lets go of it, and nothing more comes.
    await settled(Number([...deliveryIds][0]));
    expect(receiver.at('/flaky')).toHaveLength(4);
  });
});
