import { bearer, graphql } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import type { StoreApi } from './store-fixtures';
import { orderApi, orderBody, sellable, stockOf } from './order-fixtures';

type Step = [action: string, body: Record<string, unknown>, expected: Record<string, unknown> | 'refused'];

describeEachDatabase('store API: the order flow', (target) => {
  let api: StoreApi;
  let item: { productId: number; variantId: number };

  beforeAll(async () => {
    api = await orderApi(target);
    item = await sellable(api, 'Mate', '10.00', 100);
  });

  const place = async (extra: Record<string, unknown> = {}, quantity = 1) => {
    const created = await api.write('POST', '/orders', orderBody([{ variant_id: item.variantId, quantity }], extra));
    expect(created.status).toBe(201);
    return created.body;
  };

  /** Runs the steps on one order: each allowed one changes what it says, each refused one changes nothing. */
  async function walk(order: { id: number }, steps: Step[]): Promise<void> {
    for (const [action, body, expected] of steps) {
      const before = (await api.get(`/orders/${order.id}`)).body;
      const path = action === 'update' ? `/orders/${order.id}` : `/orders/${order.id}/${action}`;
      const answer = await api.write(action === 'update' ? 'PUT' : 'POST', path, body);
      if (expected === 'refused') {
        expect([action, answer.status]).toEqual([action, 422]);
        expect(answer.body).toEqual({ code: 422, message: 'Unprocessable Entity', description: expect.stringMatching(new RegExp(`^Order ${order.id} cannot `)) });
        expect((await api.get(`/orders/${order.id}`)).body).toEqual(before);
      } else {
        expect([action, answer.status]).toEqual([action, 200]);
        expect(answer.body).toMatchObject(expected);
      }
    }
  }

  it('closes, reopens, packs, fulfills; refuses each action from the states that do not allow it', async () => {
    const order = await place({ payment_status: 'pending' });
    await walk(order, [
      ['open', {}, 'refused'],
      ['close', {}, { status: 'closed', closed_at: expect.any(String) }],
      ['close', {}, 'refused'],
      ['cancel', {}, 'refused'],
      ['fulfill', {}, 'refused'],
      ['pack', {}, 'refused'],
      ['open', {}, { status: 'open', closed_at: null }],
      ['pack', {}, { shipping_status: 'unfulfilled' }],
      ['pack', {}, 'refused'],
      ['fulfill', { shipping_tracking_number: 'AR123', shipping_tracking_url: 'https://track.example/AR123' }, { shipping_status: 'fulfilled', shipped_at: expect.any(String), shipping_tracking_number: 'AR123', shipping_tracking_url: 'https://track.example/AR123' }],
      ['fulfill', {}, 'refused'],
      ['cancel', { reason: 'customer' }, 'refused'],
      ['pay', [] as unknown as Record<string, unknown>, { payment_status: 'paid', paid_at: expect.any(String) }],
      ['pay', {}, 'refused'],
      ['close', {}, { status: 'closed' }],
    ]);
  });

  it('moves the payment status by the flow through PUT, and keeps notes', async () => {
    const order = await place({ payment_status: 'pending' });
    await walk(order, [
      ['update', { owner_note: 'Gift wrap', payment_status: 'authorized' }, { owner_note: 'Gift wrap', payment_status: 'authorized' }],
      ['update', { payment_status: 'pending' }, 'refused'],
      ['update', { payment_status: 'refunded' }, 'refused'],
      ['update', { payment_status: 'paid' }, { payment_status: 'paid', owner_note: 'Gift wrap' }],
      ['update', { payment_status: 'voided' }, 'refused'],
      ['update', { payment_status: 'refunded', note: 'Returned' }, { payment_status: 'refunded', note: 'Returned' }],
    ]);
    const bad = await api.write('PUT', `/orders/${order.id}`, { payment_status: 'gift', owner_note: 'x'.repeat(10_001) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body).sort()).toEqual(['owner_note', 'payment_status']);
    expect((await api.get(`/orders/${order.id}`)).body.owner_note).toBe('Gift wrap');
  });

  it('cancels with a reason, restocking unless told not to; a cancelled order allows nothing more', async () => {
    const stock = await stockOf(api, item.productId);
    const restocked = await place({ payment_status: 'pending' }, 4);
    expect(await stockOf(api, item.productId)).toBe(stock! - 4);
    const badReason = await api.write('POST', `/orders/${restocked.id}/cancel`, { reason: 'boredom' });
    expect(badReason.status).toBe(422);
    expect(badReason.body).toEqual({ reason: ['must be one of customer, inventory, fraud, other'] });
    await walk(restocked, [
      ['cancel', { reason: 'fraud' }, { status: 'cancelled', cancel_reason: 'fraud', payment_status: 'voided', cancelled_at: expect.any(String) }],
      ['cancel', {}, 'refused'],
      ['open', {}, 'refused'],
      ['close', {}, 'refused'],
      ['pay', {}, 'refused'],
      ['fulfill', {}, 'refused'],
    ]);
    expect(await stockOf(api, item.productId)).toBe(stock);
    const kept = await place({}, 2);
    expect((await api.write('POST', `/orders/${kept.id}/cancel`, { restock: false })).body).toMatchObject({ status: 'cancelled', cancel_reason: 'other', payment_status: 'paid' });
    expect(await stockOf(api, item.productId)).toBe(stock! - 2);
  });

  it('answers 404 for another store’s order and a refused action changes nothing; the owner marks an order paid over GraphQL', async () => {
    const order = await place({ payment_status: 'pending' });
    const other = await orderApi(target);
    expect((await other.write('POST', `/orders/${order.id}/close`, {})).body).toEqual({ code: 404, message: 'Not Found', description: `Order ${order.id} not found` });
    expect((await api.get(`/orders/${order.id}`)).body.status).toBe('open');

    const mutation = 'mutation($s: Int!, $id: Int!) { payOrder(storeId: $s, id: $id) { paymentStatus number } }';
    const stranger = await graphql(target, mutation, { s: api.installation.storeId, id: order.id }, bearer(other.installation.owner.token));
    expect(stranger.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const paid = await graphql(target, mutation, { s: api.installation.storeId, id: order.id }, bearer(api.installation.owner.token));
    expect(paid.data).toEqual({ payOrder: { paymentStatus: 'paid', number: order.number } });
    const listed = await graphql(target, 'query($s: Int!) { orders(storeId: $s, filter: { paymentStatus: "paid" }) { totalCount } }', { s: api.installation.storeId }, bearer(api.installation.owner.token));
    expect(listed.data.orders.totalCount).toBeGreaterThan(0);
  });
});
