import { describeEachDatabase } from '../../support/targets';
import { expectedSignature, WebhookReceiver, type ReceivedWebhook } from '../../support/webhook-receiver';
import { install, StoreApi } from '../store-rest/store-fixtures';

const CUSTOMER_EVENTS = ['customer/created', 'customer/updated', 'customer/deleted'];
const pathOf = (event: string) => `/${event.replace('/', '-')}`;

describeEachDatabase('store webhooks: customers and orders', (target) => {
  const receiver = new WebhookReceiver();
  let api: StoreApi;

  beforeAll(async () => {
    await receiver.start();
    api = new StoreApi(target, await install(target, ['read_customers', 'write_customers', 'read_products', 'write_products', 'read_orders', 'write_orders']));
    for (const event of CUSTOMER_EVENTS) expect((await api.write('POST', '/webhooks', { event, url: receiver.url(pathOf(event)) })).status).toBe(201);
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
});
