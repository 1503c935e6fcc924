import { XMLParser } from 'fast-xml-parser';
import { send } from '../../support/http';
import { asApp } from '../../support/store';
import { describeEachDatabase } from '../../support/targets';
import { install, StoreApi } from './store-fixtures';
import { orderApi, orderBody, sellable, SHIPPING_ADDRESS, stockOf } from './order-fixtures';

const ORDER_KEYS = [
  'id', 'token', 'store_id', 'number', 'customer', 'products', 'note', 'owner_note', 'coupon', 'discount', 'subtotal', 'total', 'currency', 'language', 'gateway',
  'shipping', 'shipping_option', 'shipping_cost_customer', 'shipping_address', 'shipping_tracking_number', 'shipping_tracking_url',
  'billing_name', 'billing_address', 'billing_number', 'billing_floor', 'billing_locality', 'billing_zipcode', 'billing_city', 'billing_province', 'billing_country', 'billing_phone',
  'extra', 'storefront', 'weight', 'status', 'payment_status', 'shipping_status', 'cancel_reason', 'paid_at', 'shipped_at', 'closed_at', 'cancelled_at', 'created_at', 'updated_at',
];
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/;

describeEachDatabase('store API: orders', (target) => {
  let api: StoreApi;

  beforeAll(async () => {
    api = await orderApi(target);
  });

  const orderCount = async (store = api) => (await store.get('/orders')).headers.get('x-total-count');

  it('creates orders numbered from 100 per store, priced from the catalog, taking stock and linking the customer', async () => {
    const mate = await sellable(api, { es: 'Mate', en: 'Gourd' }, '10.50', 5);
    const yerba = await sellable(api, 'Yerba', '4.25');
    const first = await api.write('POST', '/orders', orderBody([{ variant_id: mate.variantId, quantity: 2, price: '0.01' }, { variant_id: yerba.variantId, quantity: 3 }], { shipping_cost_customer: '5', language: 'en', note: 'Ring twice' }));
    expect(first.status).toBe(201);
    expect(Object.keys(first.body)).toEqual(ORDER_KEYS);
    expect(first.body).toMatchObject({
      store_id: api.installation.storeId,
      number: 100,
      subtotal: '33.75',
      discount: '0.00',
      shipping_cost_customer: '5.00',
      total: '38.75',
      currency: 'USD',
      language: 'en',
      status: 'open',
      payment_status: 'paid',
      shipping_status: 'unpacked',
      storefront: 'api',
      note: 'Ring twice',
      weight: '2.50',
      shipping_address: { ...SHIPPING_ADDRESS, floor: null, locality: null, phone: null },
      billing_address: 'Av. Corrientes',
      billing_country: 'AR',
      customer: { name: 'Ana Pérez', email: 'ana@example.com', phone: '11 5555-0000', identification: null },
    });
    expect(first.body.token).toMatch(/^[0-9a-f]{40}$/);
    expect(first.body.paid_at).toMatch(TIMESTAMP);
    expect(first.body.created_at).toMatch(TIMESTAMP);
    expect(first.body.products.map((line: Record<string, unknown>) => [line.product_id, line.variant_id, line.name, line.price, line.quantity])).toEqual([
      [mate.productId, mate.variantId, 'Gourd', '10.50', 2],
      [yerba.productId, yerba.variantId, 'Yerba', '4.25', 3],
    ]);
    expect(await stockOf(api, mate.productId)).toBe(3);
    expect(await stockOf(api, yerba.productId)).toBeNull();

    const customer = (await api.get(`/customers/${first.body.customer.id}`)).body;
    expect(customer).toMatchObject({ email: 'ana@example.com', last_order_id: first.body.id, total_spent: '38.75' });
    const second = await api.write('POST', '/orders', orderBody([{ variant_id: mate.variantId, quantity: 1 }], { payment_status: 'pending' }));
    expect(second.body).toMatchObject({ number: 101, payment_status: 'pending', paid_at: null, language: 'es', customer: { id: customer.id } });
    expect(second.body.products[0].name).toBe('Mate');
    expect((await api.get(`/customers/${customer.id}`)).body).toMatchObject({ last_order_id: second.body.id, total_spent: '38.75' });
    expect((await api.get(`/orders/${first.body.id}`)).body).toEqual(first.body);
    expect((await api.get(`/orders/${first.body.id}?fields=id,number,total`)).body).toEqual({ id: first.body.id, number: 100, total: '38.75' });
    // Another store counts from 100 too.
    const other = await orderApi(target);
    const elsewhere = await sellable(other, 'Termo', '30.00');
    expect((await other.write('POST', '/orders', orderBody([{ variant_id: elsewhere.variantId, quantity: 1 }]))).body.number).toBe(100);
    expect((await other.get(`/orders/${first.body.id}`)).body).toEqual({ code: 404, message: 'Not Found', description: `Order ${first.body.id} not found` });
  });

  it('refuses bad orders naming each line at fault, and changes nothing', async () => {
    const scarce = await sellable(api, 'Bombilla', '3.00', 2);
    const unpriced = (await api.write('POST', '/products', { name: 'Sin precio' })).body.variants[0].id;
    const foreign = await sellable(await orderApi(target), 'Ajena', '1.00');
    const before = await orderCount();
    const cases: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
      ['no lines', orderBody([]), { products: ["can't be blank"] }],
      ['quantities 0, negative and huge', orderBody([{ variant_id: scarce.variantId, quantity: 0 }, { variant_id: scarce.variantId, quantity: -1 }, { variant_id: scarce.variantId, quantity: 1_000_000 }]), {
        'products[0].quantity': ['must be an integer between 1 and 10000'],
        'products[1].quantity': ['must be an integer between 1 and 10000'],
        'products[2].quantity': ['must be an integer between 1 and 10000'],
      }],
      ['an unknown variant, one of another store, one without a price', orderBody([{ variant_id: 999999999, quantity: 1 }, { variant_id: foreign.variantId, quantity: 1 }, { variant_id: unpriced, quantity: 1 }]), {
        'products[0].variant_id': ['Variant 999999999 not found'],
        'products[1].variant_id': [`Variant ${foreign.variantId} not found`],
        'products[2].variant_id': [`Variant ${unpriced} has no price and cannot be sold`],
      }],
      ['more than the stock, over two lines', orderBody([{ variant_id: scarce.variantId, quantity: 1 }, { variant_id: scarce.variantId, quantity: 2 }]), {
        'products[1].quantity': [`exceeds the stock of variant ${scarce.variantId} (2 left)`],
      }],
      ['no address, no customer', { products: [{ variant_id: scarce.variantId, quantity: 1 }] }, { customer: ["can't be blank"], shipping_address: ["can't be blank"] }],
      ['an address without city and a bad e-mail', orderBody([{ variant_id: scarce.variantId, quantity: 1 }], { shipping_address: { ...SHIPPING_ADDRESS, city: '' }, customer: { name: 'X', email: 'nope' } }), {
        'customer.email': ['is invalid'],
        'shipping_address.city': ["can't be blank"],
      }],
      ['a language the store lacks, a bad payment status', orderBody([{ variant_id: scarce.variantId, quantity: 1 }], { language: 'fr', payment_status: 'refunded' }), {
        payment_status: ['must be one of pending, authorized, paid'],
      }],
    ];
    for (const [what, body, fields] of cases) {
      const refused = await api.write('POST', '/orders', body);
      expect([what, refused.status]).toEqual([what, 422]);
      expect([what, refused.body]).toEqual([what, fields]);
    }
    const badLanguage = await api.write('POST', '/orders', orderBody([{ variant_id: scarce.variantId, quantity: 1 }], { language: 'fr' }));
    expect(badLanguage.body).toEqual({ language: ["must be one of the store's languages: es, pt, en"] });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(api, scarce.productId)).toBe(2);
  });

  it('lets exactly as many concurrent orders through as there are units, the rest 422 naming the variant', async () => {
    const racer = await orderApi(target);
    const last = await sellable(racer, 'Última', '99.00', 3);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => racer.write('POST', '/orders', orderBody([{ variant_id: last.variantId, quantity: 1 }], { customer: { name: `Buyer ${i}`, email: `buyer${i}@example.com` } }))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 422)).toHaveLength(17);
    for (const refused of answers.filter((answer) => answer.status === 422)) {
      expect(refused.body).toEqual({ 'products[0].quantity': [`exceeds the stock of variant ${last.variantId} (0 left)`] });
    }
    expect(await stockOf(racer, last.productId)).toBe(0);
    expect(await orderCount(racer)).toBe('3');
    expect(answers.filter((answer) => answer.status === 201).map((answer) => answer.body.number).sort()).toEqual([100, 101, 102]);
  });

  it('reads the lines’ catalog products over GraphQL', async () => {
    const item = await sellable(api, 'Termo', '25.00');
    const order = (await api.write('POST', '/orders', orderBody([{ variant_id: item.variantId, quantity: 1 }]))).body;
    const result = await asApp(target, api.installation.token, 'query($s: Int!, $id: Int!) { order(storeId: $s, id: $id) { number products { name quantity product { id name variants { price } } } } }', {
      s: api.installation.storeId,
      id: order.id,
    });
    expect(result.data.order.products).toEqual([{ name: 'Termo', quantity: 1, product: { id: item.productId, name: { es: 'Termo', pt: 'Termo', en: 'Termo' }, variants: [{ price: '25.00' }] } }]);
    await api.delete(`/products/${item.productId}`);
    const gone = await asApp(target, api.installation.token, 'query($s: Int!, $id: Int!) { order(storeId: $s, id: $id) { products { name product { id } } } }', { s: api.installation.storeId, id: order.id });
    expect(gone.data.order.products).toEqual([{ name: 'Termo', product: null }]);
  });

  it('answers in XML and to HEAD like every route', async () => {
    const item = await sellable(api, 'Yerba', '4.00');
    const order = (await api.write('POST', '/orders', orderBody([{ variant_id: item.variantId, quantity: 2 }]))).body;
    const xml = await api.get(`/orders/${order.id}.xml`);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    const parsed = new XMLParser({ parseTagValue: false }).parse(xml.body as string).order;
    expect([parsed.number, parsed.total, parsed.products.product.name, parsed.shipping_address.city]).toEqual([String(order.number), '8.00', 'Yerba', 'Buenos Aires']);
    const head = await send(api.url('/orders'), { method: 'HEAD', headers: api.headers() });
    expect([head.status, head.headers.get('x-total-count'), head.body ?? '']).toEqual([200, (await api.get('/orders')).headers.get('x-total-count'), '']);
  });

  it('needs read_orders to read and write_orders to write', async () => {
    const catalogOnly = new StoreApi(target, await install(target, ['read_products'], undefined, api.installation));
    expect((await catalogOnly.get('/orders')).body).toEqual({ code: 403, message: 'Forbidden', description: 'Missing scope read_orders' });
    const reader = new StoreApi(target, await install(target, ['read_orders'], undefined, api.installation));
    expect((await reader.get('/orders')).status).toBe(200);
    const before = await orderCount();
    const item = await sellable(api, 'Vaso', '2.00', 1);
    expect((await reader.write('POST', '/orders', orderBody([{ variant_id: item.variantId, quantity: 1 }]))).body.description).toBe('Missing scope write_orders');
    expect((await reader.write('POST', '/orders/1/close', {})).status).toBe(403);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(api, item.productId)).toBe(1);
  });
});
