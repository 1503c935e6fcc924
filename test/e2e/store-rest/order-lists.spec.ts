import { TiendaNubeClient } from 'tienda-nube-js-sdk';
import { describeEachDatabase } from '../../support/targets';
import type { StoreApi } from './store-fixtures';
import { orderApi, orderBody, sellable } from './order-fixtures';

const ORDERS = 250;

/** `Link: <url>; rel="next", …` as a map from rel to URL. */
function linksOf(header: string | null): Record<string, string> {
  if (!header) return {};
  return Object.fromEntries(header.split(/,\s*(?=<)/).map((part) => [/rel="(\w+)"/.exec(part)![1], /<([^>]+)>/.exec(part)![1]]));
}

describeEachDatabase('store API: order lists (250 orders)', (target) => {
  let api: StoreApi;
  const ids: number[] = [];
  let midpoint = '';

  beforeAll(async () => {
    api = await orderApi(target);
    const item = await sellable(api, 'Mate', '10.00');
    // Every 5th pending, every 7th by Bruno; then some closed, cancelled, fulfilled.
    for (let i = 0; i < ORDERS; i += 1) {
      const customer = i % 7 === 0 ? { name: 'Bruno Díaz', email: 'bruno@example.com' } : { name: `Client ${i}`, email: `client${i}@example.com` };
      const created = await api.write('POST', '/orders', orderBody([{ variant_id: item.variantId, quantity: 1 }], { customer, payment_status: i % 5 === 0 ? 'pending' : 'paid' }));
      expect(created.status).toBe(201);
      ids.push(created.body.id);
      if (i === 124) {
        await new Promise((resolve) => setTimeout(resolve, 1100));
        midpoint = new Date().toISOString();
        await new Promise((resolve) => setTimeout(resolve, 1100));
      }
    }
    for (const id of ids.slice(0, 10)) expect((await api.write('POST', `/orders/${id}/close`, {})).status).toBe(200);
    for (const id of ids.slice(10, 14)) expect((await api.write('POST', `/orders/${id}/cancel`, {})).status).toBe(200);
    for (const id of ids.slice(14, 20)) expect((await api.write('POST', `/orders/${id}/fulfill`, {})).status).toBe(200);
  }, 300_000);

  const idsOf = (body: Array<{ id: number }>) => body.map((order) => order.id);

  it('walks every page in creation order with X-Total-Count and Link, and past the end is []', async () => {
    const seen: number[] = [];
    let url: string | undefined = api.url('/orders?per_page=60&fields=id,number');
    while (url) {
      const page = await api.get(url.slice(api.url('').length));
      expect(page.headers.get('x-total-count')).toBe(String(ORDERS));
      seen.push(...idsOf(page.body));
      url = linksOf(page.headers.get('link')).next;
    }
    expect(seen).toEqual(ids);
    const last = await api.get('/orders?per_page=60&page=5');
    expect(last.body.map((order: { number: number }) => order.number)).toEqual(Array.from({ length: 10 }, (_, i) => 340 + i));
    expect((await api.get('/orders?page=99')).body).toEqual([]);
    expect(idsOf((await api.get(`/orders?since_id=${ids[239]}`)).body)).toEqual(ids.slice(240));
  });

  it('filters by status, payment and shipping status, customer, q and dates, counting each', async () => {
    const expectList = async (query: string, expected: number[]) => {
      const all: number[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await api.get(`/orders?${query}&per_page=200&page=${page}`);
        expect(answer.status).toBe(200);
        expect([query, answer.headers.get('x-total-count')]).toEqual([query, String(expected.length)]);
        if (answer.body.length === 0) break;
        all.push(...idsOf(answer.body));
      }
      expect([query, all]).toEqual([query, expected]);
    };
    await expectList('status=closed', ids.slice(0, 10));
    await expectList('status=cancelled', ids.slice(10, 14));
    await expectList('status=open', ids.slice(14));
    await expectList('status=any', ids);
    await expectList('shipping_status=fulfilled', ids.slice(14, 20));
    await expectList('shipping_status=unpacked', [...ids.slice(0, 14), ...ids.slice(20)]);
    // Cancelling a pending order voids its payment.
    await expectList('payment_status=pending', ids.filter((_, i) => i % 5 === 0 && !(i >= 10 && i < 14)));
    await expectList('payment_status=voided', ids.filter((_, i) => i % 5 === 0 && i >= 10 && i < 14));
    const bruno = ids.filter((_, i) => i % 7 === 0);
    await expectList('q=bruno', bruno);
    await expectList(`q=${encodeURIComponent('DÍAZ')}`, bruno);
    await expectList('q=%23150', [ids[50]]);
    // A number is an order number, and words of the e-mail too.
    await expectList('q=150', [ids[50], ids[150]]);
    const customerId = (await api.get(`/orders/${ids[0]}`)).body.customer.id;
    await expectList(`customer_id=${customerId}`, bruno);
    await expectList(`created_at_min=${encodeURIComponent(midpoint)}`, ids.slice(125));
    await expectList(`created_at_max=${encodeURIComponent(midpoint)}&status=open`, ids.slice(14, 125));
    await expectList('status=open&payment_status=pending&shipping_status=unpacked', ids.filter((_, i) => i >= 20 && i % 5 === 0));
  });

  it('refuses bad filters on their names', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['payment_status=free', 'payment_status'],
      ['shipping_status=teleported', 'shipping_status'],
      ['created_at_min=soon', 'created_at_min'],
      ['per_page=201', 'per_page'],
      ['page=0', 'page'],
      ['since_id=-1', 'since_id'],
    ]) {
      const answer = await api.get(`/orders?${query}`);
      expect([query, answer.status, Object.keys(answer.body)]).toEqual([query, 422, [field]]);
    }
  });

  it('serves tienda-nube-js-sdk’s order calls unchanged', async () => {
    const client = new TiendaNubeClient({ accessToken: api.installation.token, storeId: String(api.installation.storeId) });
    (client as unknown as { tiendaNubeAPI: { defaults: { baseURL?: string } } }).tiendaNubeAPI.defaults.baseURL = `${target.shimUrl}/v1/${api.installation.storeId}/`;
    const open = await client.getOrders({ params: { status: 'open', per_page: 5, page: 2 } });
    expect(open.map((order) => Number(order.id))).toEqual(ids.slice(19, 24));
    const one = await client.getOrderById({ orderId: String(ids[30]) });
    expect(one.number).toBe(130);
    const closed = await client.closeOrder({ orderId: String(ids[30]) });
    expect(closed.status).toBe('closed');
    expect((await client.openOrder({ orderId: String(ids[30]) })).status).toBe('open');
    expect((await client.fulfillOrder({ orderId: String(ids[31]) })).shipping_status).toBe('fulfilled');
    await expect(client.cancelOrder({ orderId: String(ids[31]) })).rejects.toEqual({ code: 422, message: 'Unprocessable Entity', description: expect.stringContaining('cannot be cancelled') });
  });
});
