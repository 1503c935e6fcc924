import { describeEachDatabase } from '../../support/targets';
import { install, StoreApi } from './store-fixtures';
import { ORDER_SCOPES, sellable } from './order-fixtures';
import { loads, PythonClientWire, pythonJsonDumps } from './python-client-wire';

/**
 * The community Python client `tiendanube` 1.1 (catalanojuan/tiendanube-python) on the new
 * resources: its `store.customers` and `store.orders` are `ListResource`s, whose methods are
 * `list(filters, fields)`, `get(id)`, `add(dict)` and `update(dict)`. Each request below is the
 * one that method sends (python-client-wire.ts says how), and each answer is read as the client
 * reads it: 200 or 201, then `json.loads`.
 */
describeEachDatabase('store API: the Python client tiendanube 1.1 on customers and orders', (target) => {
  let python: PythonClientWire;
  let api: StoreApi;

  beforeAll(async () => {
    const installation = await install(target, ORDER_SCOPES);
    api = new StoreApi(target, installation);
    python = new PythonClientWire(target.shimUrl, installation.storeId, installation.token);
  });

  it('writes its bodies as json.dumps does', () => {
    expect(pythonJsonDumps({ name: 'Ana Pérez', tags: [1, true, null] })).toBe('{"name": "Ana P\\u00e9rez", "tags": [1, true, null]}');
  });

  it('customers: add, get, list with filters and fields, update with its id, update of the object it read', async () => {
    // store.customers.list() before any write: no query string, no Content-Type.
    expect(loads((await python.list('customers')))).toEqual([]);

    // store.customers.add({...})
    const added = await python.add('customers', {
      name: 'Ana Pérez',
      email: 'ana@example.com',
      phone: '11 5555-0000',
      addresses: [{ address: 'Av. Corrientes', number: '1234', city: 'Buenos Aires', province: 'CABA', zipcode: 'C1043', country: 'AR' }],
    });
    expect(added.status).toBe(201);
    const ana = loads(added);
    expect(ana).toMatchObject({ name: 'Ana Pérez', email: 'ana@example.com', default_address: { city: 'Buenos Aires', default: true } });
    const bruno = loads(await python.add('customers', { name: 'Bruno Díaz', email: 'bruno@example.com' }));

    // store.customers.get(id): from now on the client's GETs carry its Content-Type too.
    expect(loads(await python.get('customers', ana.id))).toMatchObject({ id: ana.id, name: 'Ana Pérez' });

    // store.customers.list(filters={...}, fields='id,name'), dates from isoformat() (aware, with
    // microseconds, and naive).
    const created = new Date(ana.created_at.replace('+0000', 'Z'));
    const before = new Date(created.getTime() - 60_000);
    const aware = `${before.toISOString().slice(0, 19)}+00:00`;
    const micro = `${before.toISOString().slice(0, 23)}123+00:00`;
    const naive = before.toISOString().slice(0, 19);
    expect(loads(await python.list('customers', { q: 'ana' }, 'id,name'))).toEqual([{ id: ana.id, name: 'Ana Pérez' }]);
    expect(loads(await python.list('customers', { since_id: ana.id }, 'id'))).toEqual([{ id: bruno.id }]);
    for (const date of [aware, micro, naive]) {
      expect(loads(await python.list('customers', { created_at_min: date, per_page: 1, page: 2 }, 'id'))).toEqual([{ id: bruno.id }]);
    }

    // store.customers.update({"id": …, …}): the id rides in the body.
    const renamed = await python.update('customers', { id: ana.id, name: 'Ana María Pérez' });
    expect(renamed.status).toBe(200);
    expect(loads(renamed)).toMatchObject({ id: ana.id, name: 'Ana María Pérez', email: 'ana@example.com' });

    // c = store.customers.get(id); c.note = …; store.customers.update(c): the whole object back.
    const read = loads(await python.get('customers', ana.id));
    const noted = loads(await python.update('customers', { ...read, note: 'Prefers mornings' }));
    expect(noted).toMatchObject({ id: ana.id, note: 'Prefers mornings', email: 'ana@example.com', addresses: [{ city: 'Buenos Aires', default: true }] });

    // What the client raises APIError on: not 200/201.
    expect((await python.get('customers', 999_999_999)).status).toBe(404);
    expect((await python.add('customers', { name: 'Otra Ana', email: 'ANA@example.com' })).status).toBe(422);
  });

  it('orders: add (order.md body), get, list with filters and fields, update with its id, update of the object it read', async () => {
    const mate = await sellable(api, { es: 'Mate', en: 'Gourd' }, '12.50', 10);
    const address = { first_name: 'Ana', last_name: 'Pérez', address: 'Evergreen Terrace', number: '742', floor: null, locality: null, city: 'Springfield', province: 'Oregon', zipcode: '97475', country: 'US', phone: '5551230413' };
    // store.orders.add({...}) with order.md's create body.
    const added = await python.add('orders', {
      currency: 'ARS',
      language: 'es',
      gateway: 'offline',
      payment_status: 'pending',
      products: [{ variant_id: mate.variantId, quantity: 2 }],
      inventory_behaviour: 'claim',
      customer: { email: 'carla@example.com', name: 'Carla Gómez', phone: '+54 11 5555-0000', document: '12345678901' },
      note: null,
      billing_address: address,
      shipping_address: address,
      shipping_pickup_type: 'ship',
      shipping: 'table',
      shipping_option: 'Envío a domicilio',
      shipping_tracking_number: null,
      shipping_cost_customer: 20.0,
      shipping_cost_owner: 20.0,
      send_confirmation_email: false,
      send_fulfillment_email: false,
    });
    expect(added.status).toBe(201);
    const first = loads(added);
    expect(first).toMatchObject({
      number: 100,
      subtotal: '25.00',
      shipping_cost_customer: '20.00',
      total: '45.00',
      payment_status: 'pending',
      shipping_option: 'Envío a domicilio',
      shipping_address: { name: 'Ana Pérez', number: '742', zipcode: '97475' },
      billing_name: 'Ana Pérez',
      customer: { name: 'Carla Gómez', email: 'carla@example.com', identification: '12345678901' },
      products: [{ variant_id: mate.variantId, name: 'Mate', price: '12.50', quantity: 2 }],
    });
    const second = loads(await python.add('orders', { products: [{ variant_id: mate.variantId, quantity: 1 }], customer: { email: 'dario@example.com', name: 'Darío' }, shipping_address: address }));
    expect(second.number).toBe(101);

    // store.orders.get(id)
    expect(loads(await python.get('orders', first.id))).toMatchObject({ id: first.id, number: 100, token: first.token });

    // store.orders.list(filters={...}, fields=...)
    const since = `${new Date(Date.parse(first.created_at.replace('+0000', 'Z')) - 60_000).toISOString().slice(0, 19)}+00:00`;
    expect(loads(await python.list('orders', {}, 'id,number'))).toEqual([{ id: first.id, number: 100 }, { id: second.id, number: 101 }]);
    expect(loads(await python.list('orders', { status: 'open', payment_status: 'pending', shipping_status: 'unpacked' }, 'number'))).toEqual([{ number: 100 }]);
    expect(loads(await python.list('orders', { since_id: first.id, created_at_min: since }, 'number'))).toEqual([{ number: 101 }]);
    expect(loads(await python.list('orders', { q: 'carla', per_page: 1, page: 1 }, 'number'))).toEqual([{ number: 100 }]);
    expect(loads(await python.list('orders', { customer_ids: `${first.customer.id},${second.customer.id}`, total_min: '30.00' }, 'number'))).toEqual([{ number: 100 }]);

    // store.orders.update({"id": …, "owner_note": …})
    const noted = await python.update('orders', { id: first.id, owner_note: 'Gift wrap' });
    expect(noted.status).toBe(200);
    expect(loads(noted).owner_note).toBe('Gift wrap');

    // o = store.orders.get(id); o.payment_status = 'paid'; store.orders.update(o)
    const read = loads(await python.get('orders', first.id));
    const paid = loads(await python.update('orders', { ...read, payment_status: 'paid' }));
    expect(paid).toMatchObject({ id: first.id, payment_status: 'paid', owner_note: 'Gift wrap', total: '45.00' });
    expect(paid.paid_at).toMatch(/\+0000$/);

    expect((await python.get('orders', 999_999_999)).status).toBe(404);
    expect((await python.add('orders', { products: [{ variant_id: mate.variantId, quantity: 0 }], customer: { email: 'e@example.com', name: 'E' }, shipping_address: address })).status).toBe(422);
  });
});
