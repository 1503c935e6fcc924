import { createStore, uninstallApp } from '../../support/store';
import { describeEachDatabase } from '../../support/targets';
import { expectedSignature, WebhookReceiver, type ReceivedWebhook } from '../../support/webhook-receiver';
import { install, StoreApi } from '../store-rest/store-fixtures';

const CATALOG_EVENTS = ['category/created', 'category/updated', 'category/deleted', 'product/created', 'product/updated', 'product/deleted'];
const pathOf = (event: string) => `/${event.replace('/', '-')}`;

describeEachDatabase('store webhooks: deliveries', (target) => {
  const receiver = new WebhookReceiver();
  let api: StoreApi;

  beforeAll(async () => {
    await receiver.start();
    api = new StoreApi(target, await install(target));
    for (const event of CATALOG_EVENTS) {
      const registered = await api.write('POST', '/webhooks', { event, url: receiver.url(pathOf(event)) });
      expect(registered.status).toBe(201);
    }
  });
  afterAll(() => receiver.stop());

  /** The deliveries of one event to this test's app, once `count` of them arrived. */
  const arrivals = async (event: string, count: number): Promise<ReceivedWebhook[]> => {
    await receiver.waitFor(() => receiver.at(pathOf(event)).length >= count, 20_000, `${count} × ${event}`);
    return receiver.at(pathOf(event));
  };

  const expectSigned = (delivery: ReceivedWebhook) => {
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['user-agent']).toMatch(/\S/);
    expect(delivery.headers['x-linkedstore-delivery-id']).toMatch(/^\d+$/);
    expect(delivery.headers['x-linkedstore-hmac-sha256']).toBe(expectedSignature(delivery.raw, api.installation.clientSecret));
  };

  it('sends product and category events, signed, with the payload of store.md', async () => {
    const { storeId } = api.installation;
    const category = (await api.write('POST', '/categories', { name: 'Ropa' })).body;
    await api.write('PUT', `/categories/${category.id}`, { name: 'Indumentaria' });
    const product = (await api.write('POST', '/products', { name: 'Camisa', categories: [category.id] })).body;
    await api.write('PUT', `/products/${product.id}`, { published: false });
    // A variant is part of its product: adding one updates the product.
    await api.write('POST', `/products/${product.id}/variants`, { price: '10.00' });
    expect((await api.delete(`/products/${product.id}`)).status).toBe(200);
    expect((await api.delete(`/categories/${category.id}`)).status).toBe(200);

    const expected: Array<[string, number, number]> = [
      ['category/created', category.id, 1],
      ['category/updated', category.id, 1],
      ['category/deleted', category.id, 1],
      ['product/created', product.id, 1],
      ['product/updated', product.id, 2],
      ['product/deleted', product.id, 1],
    ];
    for (const [event, id, count] of expected) {
      const got = await arrivals(event, count);
      expect(got.map((delivery) => delivery.raw)).toEqual(Array(count).fill(JSON.stringify({ store_id: storeId, event, id })));
      got.forEach(expectSigned);
    }
    const ids = receiver.received.map((delivery) => delivery.headers['x-linkedstore-delivery-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends a deleted category\'s subcategories as deletions of their own', async () => {
    const top = (await api.write('POST', '/categories', { name: 'Hogar' })).body;
    const sub = (await api.write('POST', '/categories', { name: 'Cocina', parent: top.id })).body;
    await api.delete(`/categories/${top.id}`);
    const deleted = (await receiver.waitFor(() => receiver.at(pathOf('category/deleted')).filter((d) => [top.id, sub.id].includes(d.body.id!)).length >= 2)).filter(
      (delivery) => delivery.path === pathOf('category/deleted') && [top.id, sub.id].includes(delivery.body.id!),
    );
    expect(deleted.map((delivery) => delivery.body.id).sort()).toEqual([top.id, sub.id].sort());
  });

  it("sends a store's events to each subscribed app of that store only, each signed with its own secret", async () => {
    const other = await install(target, ['read_products'], undefined, { owner: api.installation.owner, storeId: api.installation.storeId });
    const otherApi = new StoreApi(target, other);
    expect((await otherApi.write('POST', '/webhooks', { event: 'product/created', url: receiver.url('/other-app') })).status).toBe(201);
    const elsewhere = new StoreApi(target, await install(target));
    expect((await elsewhere.write('POST', '/webhooks', { event: 'product/created', url: receiver.url('/other-store') })).status).toBe(201);

    const product = (await api.write('POST', '/products', { name: 'Pantalón' })).body;
    const [delivery] = await receiver.waitFor(() => receiver.at('/other-app').length >= 1).then(() => receiver.at('/other-app'));
    expect(delivery.body).toEqual({ store_id: api.installation.storeId, event: 'product/created', id: product.id });
    expect(delivery.headers['x-linkedstore-hmac-sha256']).toBe(expectedSignature(delivery.raw, other.clientSecret));
    const ours = await receiver.waitFor(() => receiver.at(pathOf('product/created')).some((d) => d.body.id === product.id));
    expect(ours.filter((d) => d.path === pathOf('product/created') && d.body.id === product.id)).toHaveLength(1);

    const own = (await elsewhere.write('POST', '/products', { name: 'Otro' })).body;
    await receiver.waitFor(() => receiver.at('/other-store').length >= 1);
    expect(receiver.at('/other-store').map((d) => d.body)).toEqual([{ store_id: elsewhere.installation.storeId, event: 'product/created', id: own.id }]);
  });

  it('uninstalling revokes the token at once, sends app/uninstalled to that app alone, and removes its webhooks', async () => {
    const owner = await createStore(target);
    const leaving = new StoreApi(target, await install(target, ['read_products'], undefined, owner));
    const staying = new StoreApi(target, await install(target, ['write_products'], undefined, owner));
    for (const app of [leaving, staying]) {
      expect((await app.write('POST', '/webhooks', { event: 'app/uninstalled', url: receiver.url(`/uninstalled-${app.installation.appId}`) })).status).toBe(201);
    }
    expect((await staying.write('POST', '/webhooks', { event: 'product/created', url: receiver.url('/staying') })).status).toBe(201);

    const result = await uninstallApp(target, owner.owner.token, owner.storeId, leaving.installation.appId);
    expect(result).toEqual({ data: { uninstallApp: true } });
    const refused = await leaving.get('/webhooks');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ code: 401, message: 'Unauthorized', description: 'Invalid access token' });

    const path = `/uninstalled-${leaving.installation.appId}`;
    const [gone] = await receiver.waitFor(() => receiver.at(path).length >= 1).then(() => receiver.at(path));
    expect(gone.raw).toBe(JSON.stringify({ store_id: owner.storeId, event: 'app/uninstalled' }));
    expect(gone.headers['x-linkedstore-hmac-sha256']).toBe(expectedSignature(gone.raw, leaving.installation.clientSecret));

    // The app that stays keeps its webhooks, and gets the store's changes as before.
    expect((await staying.get('/webhooks')).body.map((webhook: { event: string }) => webhook.event)).toEqual(['app/uninstalled', 'product/created']);
    await staying.write('POST', '/products', { name: 'Sigue' });
    await receiver.waitFor(() => receiver.at('/staying').length >= 1);
    expect(receiver.at(`/uninstalled-${staying.installation.appId}`)).toEqual([]);
  });
});
