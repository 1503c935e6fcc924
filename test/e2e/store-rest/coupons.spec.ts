import { describeEachDatabase } from '../../support/targets';
import { install, StoreApi } from './store-fixtures';
import { ORDER_SCOPES, orderBody, sellable } from './order-fixtures';

const COUPON_KEYS = ['id', 'code', 'type', 'value', 'valid', 'used', 'max_uses', 'start_date', 'end_date', 'min_price', 'categories', 'created_at', 'updated_at'];
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describeEachDatabase('store API: coupons', (target) => {
  let api: StoreApi;
  let item: { productId: number; variantId: number };

  beforeAll(async () => {
    api = new StoreApi(target, await install(target, [...ORDER_SCOPES, 'read_coupons', 'write_coupons']));
    item = await sellable(api, 'Mate', '40.00');
  });

  const total = async () => (await api.get('/coupons')).headers.get('x-total-count');
  const buy = (coupon: string, quantity = 1, extra: Record<string, unknown> = {}) =>
    api.write('POST', '/orders', orderBody([{ variant_id: item.variantId, quantity }], { coupon, shipping_cost_customer: '7.00', ...extra }));

  it('creates, reads, lists, updates and deletes coupons in the documented shape', async () => {
    const category = (await api.write('POST', '/categories', { name: 'Mates' })).body;
    const created = await api.write('POST', '/coupons', { code: 'PR23', type: 'percentage', value: 30, max_uses: 100, start_date: '2026-01-01', end_date: '2099-12-31T23:00:00-03:00', min_price: 10, categories: [category.id] });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(COUPON_KEYS);
    expect(created.body).toMatchObject({ code: 'PR23', type: 'percentage', value: '30.00', valid: true, used: 0, max_uses: 100, start_date: '2026-01-01', end_date: '2100-01-01', min_price: '10.00' });
    expect(created.body.categories.map((entry: { id: number }) => entry.id)).toEqual([category.id]);
    expect((await api.get(`/coupons/${created.body.id}`)).body).toEqual(created.body);
    const changed = await api.write('PUT', `/coupons/${created.body.id}`, { valid: false, categories: null });
    expect(changed.body).toMatchObject({ valid: false, categories: null, value: '30.00' });
    expect((await api.get('/coupons?valid=false')).body.map((coupon: { id: number }) => coupon.id)).toEqual([created.body.id]);
    const listed = async (query: string) => (await api.get(`/coupons?${query}`)).body.map((coupon: { id: number }) => coupon.id);
    expect(await listed(`created_at_min=${encodeURIComponent(created.body.created_at)}&updated_at_max=2099-01-01`)).toContain(created.body.id);
    expect(await listed('created_at_max=2000-01-01')).toEqual([]);
    expect(await listed('updated_at_min=2099-01-01T00:00:00Z')).toEqual([]);
    expect((await api.delete(`/coupons/${created.body.id}`)).body).toEqual({});
    expect((await api.get(`/coupons/${created.body.id}`)).body).toEqual({ code: 404, message: 'Not Found', description: `Coupon ${created.body.id} not found` });
  });

  it('refuses bad coupons on their fields, changing nothing', async () => {
    await api.write('POST', '/coupons', { code: 'TAKEN', type: 'shipping' });
    const before = await total();
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{}, { code: ["can't be blank"], type: ['must be one of percentage, absolute, shipping'] }],
      [{ code: 'taken', type: 'shipping' }, { code: ['has already been taken'] }],
      [{ code: 'BAD CODE!', type: 'absolute', value: -5 }, { code: ['may only have letters, digits, - and _ (at most 100)'], value: ['must be greater than or equal to 0'] }],
      [{ code: 'P', type: 'percentage', value: 150 }, { value: ['must be greater than 0 and at most 100'] }],
      [{ code: 'A', type: 'absolute' }, { value: ["can't be blank"] }],
      [{ code: 'D', type: 'shipping', start_date: '2026-05-01', end_date: '2026-04-01', max_uses: 0 }, { max_uses: ['must be an integer greater than 0, or null'], end_date: ['must be on or after start_date'] }],
      [{ code: 'C', type: 'shipping', categories: [999999999] }, { categories: ['must be categories of the store'] }],
    ];
    for (const [body, fields] of cases) {
      const refused = await api.write('POST', '/coupons', body);
      expect([body, refused.status, refused.body]).toEqual([body, 422, fields]);
    }
    expect(await total()).toBe(before);
    const scopeless = new StoreApi(target, await install(target, ORDER_SCOPES, undefined, api.installation));
    expect((await scopeless.get('/coupons')).body.description).toBe('Missing scope read_coupons');
  });

  it('applies percentage, absolute and shipping coupons by every rule, and counts each use', async () => {
    const percent = (await api.write('POST', '/coupons', { code: 'TEN', type: 'percentage', value: '10' })).body;
    const order = await buy('ten', 2);
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ subtotal: '80.00', discount: '8.00', shipping_cost_customer: '7.00', total: '79.00', coupon: [{ id: percent.id, code: 'TEN', type: 'percentage', value: '10.00' }] });
    expect((await api.get(`/coupons/${percent.id}`)).body.used).toBe(1);

    await api.write('POST', '/coupons', { code: 'BIG', type: 'absolute', value: 500 });
    expect((await buy('BIG')).body).toMatchObject({ subtotal: '40.00', discount: '40.00', total: '7.00' });
    await api.write('POST', '/coupons', { code: 'SHIPFREE', type: 'shipping' });
    expect((await buy('SHIPFREE')).body).toMatchObject({ discount: '0.00', shipping_cost_customer: '0.00', total: '40.00' });

    const other = (await api.write('POST', '/categories', { name: 'Otros' })).body;
    await api.write('POST', '/coupons', { code: 'EXPIRED', type: 'percentage', value: 5, end_date: day(-1) });
    await api.write('POST', '/coupons', { code: 'LATER', type: 'percentage', value: 5, start_date: day(2) });
    await api.write('POST', '/coupons', { code: 'OFF', type: 'percentage', value: 5, valid: false });
    await api.write('POST', '/coupons', { code: 'ONCE', type: 'percentage', value: 5, max_uses: 1 });
    expect((await buy('ONCE')).status).toBe(201);
    await api.write('POST', '/coupons', { code: 'MIN100', type: 'absolute', value: 5, min_price: 100 });
    await api.write('POST', '/coupons', { code: 'OTHERS', type: 'absolute', value: 5, categories: [other.id] });
    const ordersBefore = (await api.get('/orders')).headers.get('x-total-count');
    for (const [code, message] of [
      ['NOPE', 'NOPE is not a coupon of this store'],
      ['EXPIRED', `EXPIRED expired on ${day(-1)}`],
      ['LATER', `LATER is valid from ${day(2)}`],
      ['OFF', 'OFF is not valid'],
      ['ONCE', 'ONCE has reached its maximum uses'],
      ['MIN100', 'MIN100 needs a purchase of at least 100.00'],
      ['OTHERS', 'OTHERS does not apply to these products'],
    ]) {
      const refused = await buy(code);
      expect([code, refused.status, refused.body]).toEqual([code, 422, { coupon: [message] }]);
    }
    expect((await api.get('/orders')).headers.get('x-total-count')).toBe(ordersBefore);
    expect((await buy('MIN100', 3)).body).toMatchObject({ subtotal: '120.00', discount: '5.00' });
  });

  it('counts used exactly under concurrency and never past max_uses', async () => {
    const racer = new StoreApi(target, await install(target, [...ORDER_SCOPES, 'read_coupons', 'write_coupons']));
    const plenty = await sellable(racer, 'Termo', '20.00');
    const limited = (await racer.write('POST', '/coupons', { code: 'FIVE', type: 'absolute', value: 1, max_uses: 5 })).body;
    const open = (await racer.write('POST', '/coupons', { code: 'ALL', type: 'absolute', value: 1 })).body;
    const place = (code: string, i: number) =>
      racer.write('POST', '/orders', orderBody([{ variant_id: plenty.variantId, quantity: 1 }], { coupon: code, customer: { name: `B${i}`, email: `b${i}@example.com` } }));
    const answers = await Promise.all([...Array.from({ length: 12 }, (_, i) => place('FIVE', i)), ...Array.from({ length: 8 }, (_, i) => place('ALL', 100 + i))]);
    const five = answers.slice(0, 12);
    expect(five.filter((answer) => answer.status === 201)).toHaveLength(5);
    for (const refused of five.filter((answer) => answer.status !== 201)) expect(refused.body).toEqual({ coupon: ['FIVE has reached its maximum uses'] });
    expect(answers.slice(12).every((answer) => answer.status === 201)).toBe(true);
    expect((await racer.get(`/coupons/${limited.id}`)).body.used).toBe(5);
    expect((await racer.get(`/coupons/${open.id}`)).body.used).toBe(8);
    expect((await racer.get('/orders')).headers.get('x-total-count')).toBe('13');
  });
});
