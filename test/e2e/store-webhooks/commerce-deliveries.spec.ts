import { describeEachDatabase } from '../../support/targets';
import { expectedSignature, WebhookReceiver, type ReceivedWebhook } from '../../support/webhook-receiver';
import { orderBody, sellable } from '../store-rest/order-fixtures';
import { install, StoreApi } from '../store-rest/store-fixtures';

const CUSTOMER_EVENTS = ['customer/created', 'customer/updated', 'customer/deleted'];
const ORDER_EVENTS = ['order/created', 'order/updated', 'order/paid', 'order/fulfilled', 'order/cancelled'];
const pathOf = (event: string) => `/${event.replace('/', '-')}`;

describeEachDatabase('store webhooks: customers and orders', (target) => {
  const receiver = new WebhookReceiver();
  let api: StoreApi;

  beforeAll(async () => {
    await receiver.start();
    api = new StoreApi(target, await install(target, ['read_customers', 'write_customers', 'read_products', 'write_products', 'read_orders', 'write_orders']));
    for (const event of [...CUSTOMER_EVENTS, ...ORDER_EVENTS]) expect((await api.write('POST', '/webhooks', { event, url: receiver.url(pathOf(event)) })).status).toBe(201);
  });
  afterAll(() => receiver.stop());

  const arrivals = async (path: string, count: number): Promise<ReceivedWebhook[]> => {
    await receiver.waitFor(() => receiver.at(path).length >= count, 20_000, `${count} at ${path}`);
    return receiver.at(path);
  };

  it('sends customer/created, updated and deleted, signed, only to apps that may read customers', async () => {
    const { storeId } = api.installation;
    const blind = new StoreApi(target, await install(target, ['read_products'], undefined, api.installation));
    expect((await blind.write('POST', '/webhooks', { event: 'customer/created', url: receiver.url('/blind') })).status).toBe(201);

    const customer = (await api.write('POST', '/customers', { name: 'Ana', email: 'ana@example.com' })).body;
    await api.write('PUT', `/customers/${customer.id}`, { note: 'VIP' });
    // A refused change is no event.
    expect((await api.write('PUT', `/customers/${customer.id}`, { email: 'bad' })).status).toBe(422);
    await api.delete(`/customers/${customer.id}`);
    for (const event of CUSTOMER_EVENTS) {
      const [delivery, ...more] = await arrivals(pathOf(event), 1);
      expect(more).toEqual([]);
      expect(delivery.raw).toBe(JSON.stringify({ store_id: storeId, event, id: customer.id }));
      expect(delivery.headers['x-linkedstore-hmac-sha256']).toBe(expectedSignature(delivery.raw, api.installation.clientSecret));
    }
    expect(receiver.at('/blind')).toEqual([]);
  });

  it('sends every order event, each about its order, only to apps that may read orders', async () => {
    const { storeId } = api.installation;
    const blind = new StoreApi(target, await install(target, ['read_customers'], undefined, api.installation));
    expect((await blind.write('POST', '/webhooks', { event: 'order/created', url: receiver.url('/blind-orders') })).status).toBe(201);
    const item = await sellable(api, 'Mate', '10.00', 10);
    const place = async () => (await api.write('POST', '/orders', orderBody([{ variant_id: item.variantId, quantity: 1 }], { payment_status: 'pending' }))).body.id as number;
    const shipped = await place();
    const cancelled = await place();
    expect((await api.write('PUT', `/orders/${shipped}`, { owner_note: 'Fragile' })).status).toBe(200);
    expect((await api.write('POST', `/orders/${shipped}/pay`, {})).status).toBe(200);
    expect((await api.write('POST', `/orders/${shipped}/fulfill`, { shipping_tracking_number: 'T1' })).status).toBe(200);
    expect((await api.write('POST', `/orders/${cancelled}/cancel`, { reason: 'customer' })).status).toBe(200);
    // Refused actions send nothing.
    expect((await api.write('POST', `/orders/${cancelled}/pay`, {})).status).toBe(422);
    const expected: Array<[string, number[]]> = [
      ['order/created', [shipped, cancelled]],
      ['order/updated', [shipped]],
      ['order/paid', [shipped]],
      ['order/fulfilled', [shipped]],
      ['order/cancelled', [cancelled]],
    ];
    for (const [event, ids] of expected) {
      const got = await arrivals(pathOf(event), ids.length);
      expect(got.map((delivery) => delivery.raw).sort()).toEqual(ids.map((id) => JSON.stringify({ store_id: storeId, event, id })).sort());
      for (const delivery of got) expect(delivery.headers['x-linkedstore-hmac-sha256']).toBe(expectedSignature(delivery.raw, api.installation.clientSecret));
    }
    expect(receiver.at('/blind-orders')).toEqual([]);
    expect(receiver.at(pathOf('order/paid'))).toHaveLength(1);
  });
});
