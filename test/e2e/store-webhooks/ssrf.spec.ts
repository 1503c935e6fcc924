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

  const PRIVATE = 'a private address (STORE_WEBHOOK_ALLOW_PRIVATE=true allows it in development)';
  it.each([
    ['http://127.0.0.1/hook', 'not https (STORE_WEBHOOK_ALLOW_PRIVATE=true allows http in development)'],
    ['https://127.0.0.1/hook', `127.0.0.1 resolves to 127.0.0.1, ${PRIVATE}`],
    ['https://10.0.0.1/hook', `10.0.0.1 resolves to 10.0.0.1, ${PRIVATE}`],
    ['https://172.16.5.4/hook', `172.16.5.4 resolves to 172.16.5.4, ${PRIVATE}`],
    ['https://192.168.1.1/hook', `192.168.1.1 resolves to 192.168.1.1, ${PRIVATE}`],
    ['https://[::1]/hook', `::1 resolves to ::1, ${PRIVATE}`],
    ['https://169.254.169.254/latest/meta-data/', `169.254.169.254 resolves to 169.254.169.254, ${PRIVATE}`],
    ['https://localhost/hook', expect.stringMatching(new RegExp(`^localhost resolves to (127\\.0\\.0\\.1|::1), ${PRIVATE.replace(/[()]/g, '\\$&')}$`))],
    ['https://[::ffff:127.0.0.1]/hook', `::ffff:7f00:1 resolves to ::ffff:7f00:1, ${PRIVATE}`],
    ['https://[::ffff:a9fe:a9fe]/hook', `::ffff:a9fe:a9fe resolves to ::ffff:a9fe:a9fe, ${PRIVATE}`],
    ['https://[fe80::1]/hook', `fe80::1 resolves to fe80::1, ${PRIVATE}`],
    ['https://[fd00::1]/hook', `fd00::1 resolves to fd00::1, ${PRIVATE}`],
    ['https://0.0.0.0/hook', `0.0.0.0 resolves to 0.0.0.0, ${PRIVATE}`],
    ['https://hooks.invalid/hook', 'hooks.invalid does not resolve (ENOTFOUND)'],
    ['http://8.8.8.8/hook', 'not https (STORE_WEBHOOK_ALLOW_PRIVATE=true allows http in development)'],
    ['https://user:secret@8.8.8.8/hook', 'the url carries credentials'],
  ])('refuses %s (422 on url, saying why) and registers nothing', async (url, reason) => {
    const refused = await api.write('POST', '/webhooks', { event: 'product/created', url });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ url: ['invalid url specified', reason] });
    expect((await api.get('/webhooks')).body).toEqual([]);
  });

  it('accepts a public https target, and refuses to move it to a private one', async () => {
    const created = await api.write('POST', '/webhooks', { event: 'category/created', url: 'https://8.8.8.8/hook' });
    expect(created.status).toBe(201);
    const moved = await api.write('PUT', `/webhooks/${created.body.id}`, { url: 'https://localhost/hook' });
    expect(moved.status).toBe(422);
    expect(moved.body).toEqual({ url: ['invalid url specified', expect.stringMatching(/^localhost resolves to .*, a private address \(STORE_WEBHOOK_ALLOW_PRIVATE=true allows it in development\)$/)] });
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
