import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook, WebhookDelivery } from '../../../subgraphs/store/entities';
import { launchOwnStack, type OwnStack } from '../../support/own-stack';
import { withStoreDatabase } from '../../support/store-rows';
import { WebhookReceiver } from '../../support/webhook-receiver';
import { install, StoreApi } from '../store-rest/store-fixtures';

/**
 * Without STORE_WEBHOOK_ALLOW_PRIVATE (as `npm start` runs), webhooks may not point at private,
 * loopback or link-local addresses: refused at registration, and again at delivery, for a target
 * that got into the table anyway (its name resolved elsewhere when it was registered).
 */
describe('store webhooks: no private targets without the development flag', () => {
  let stack: OwnStack;
  let api: StoreApi;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    // A poll slower than the test: the first attempt can only come from the doorbell the change's commit rings.
    const settings = { STORE_WEBHOOK_ALLOW_PRIVATE: 'false', STORE_WEBHOOK_POLL_MS: '60000', STORE_RATE_LIMIT_CAPACITY: '100000' };
    stack = await launchOwnStack(settings, { only: ['accounts', 'store', 'gateway', 'rest-shim'] });
    api = new StoreApi(stack.target, await install(stack.target));
    await receiver.start();
  }, 120_000);
  afterAll(async () => {
    await receiver.stop();
    await stack?.stop();
  });

  it.each([
    'http://127.0.0.1/hook',
    'https://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'https://172.16.5.4/hook',
    'https://192.168.1.1/hook',
    'https://[::1]/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://localhost/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://[fe80::1]/hook',
    'https://[fd00::1]/hook',
    'https://0.0.0.0/hook',
    'http://8.8.8.8/hook',
    'https://user:secret@8.8.8.8/hook',
  ])('refuses %s (422 on url) and registers nothing', async (url) => {
    const refused = await api.write('POST', '/webhooks', { event: 'product/created', url });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ url: ['invalid url specified'] });
    expect((await api.get('/webhooks')).body).toEqual([]);
  });

  it('accepts a public https target, and refuses to move it to a private one', async () => {
    const created = await api.write('POST', '/webhooks', { event: 'category/created', url: 'https://8.8.8.8/hook' });
    expect(created.status).toBe(201);
    const moved = await api.write('PUT', `/webhooks/${created.body.id}`, { url: 'https://localhost/hook' });
    expect(moved.status).toBe(422);
    expect(moved.body).toEqual({ url: ['invalid url specified'] });
    expect((await api.get(`/webhooks/${created.body.id}`)).body.url).toBe('https://8.8.8.8/hook');
    expect((await api.delete(`/webhooks/${created.body.id}`)).status).toBe(200);
  });

  it('checks again at delivery: a private target in the table is never connected to', async () => {
    const { storeId, appId } = api.installation;
    // As if these names had resolved to public addresses at registration and no longer do.
    const targets = [receiver.url('/by-address'), receiver.url('/by-name').replace('127.0.0.1', 'localhost')];
    await withStoreDatabase(stack.target, async (orm) => {
      const em = orm.em.fork();
      for (const url of targets) em.persist(new Webhook({ storeId, appId, event: 'product/created', url }));
      await em.flush();
    });
    await api.write('POST', '/products', { name: 'Privado' });

    let deliveries: WebhookDelivery[] = [];
    for (let tries = 0; deliveries.length < 2 || deliveries.some((delivery) => delivery.attempts === 0 || delivery.lastError === null); tries++) {
      if (tries > 200) throw new Error(`the deliveries were not attempted: ${JSON.stringify(deliveries)}`);
      await sleep(100);
      deliveries = await withStoreDatabase(stack.target, (orm) => orm.em.fork().find(WebhookDelivery, { storeId, url: { $in: targets } }));
    }
    for (const delivery of deliveries) expect(delivery.lastError).toMatch(/^refused: .*not a public address/);
    expect(receiver.received).toEqual([]);
  });
});
