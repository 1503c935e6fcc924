import { Store } from '../../../subgraphs/store/entities';
import { asApp } from '../../support/store';
import { withStoreDatabase } from '../../support/store-rows';
import { describeEachDatabase } from '../../support/targets';
import { install, StoreApi } from './store-fixtures';

const CUSTOMER_KEYS = [
  'id', 'name', 'email', 'phone', 'identification', 'note', 'default_address', 'addresses',
  'billing_address', 'billing_number', 'billing_floor', 'billing_locality', 'billing_zipcode', 'billing_city', 'billing_province', 'billing_country', 'billing_phone',
  'extra', 'total_spent', 'total_spent_currency', 'last_order_id', 'active', 'accepts_marketing', 'created_at', 'updated_at',
];
const ADDRESS_KEYS = ['id', 'address', 'number', 'floor', 'locality', 'city', 'province', 'zipcode', 'country', 'phone', 'default', 'created_at', 'updated_at'];
const CUSTOMER_SCOPES = ['read_customers', 'write_customers'];
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/;

const home = { address: 'Evergreen Terrace', number: '742', city: 'Springfield', province: 'Oregon', zipcode: '97475', country: 'us', phone: '555-123-0413' };
const work = { address: 'Av. Corrientes', number: '1234', floor: '5B', locality: 'San Nicolás', city: 'Buenos Aires', province: 'CABA', zipcode: 'C1043', country: 'AR' };

describeEachDatabase('store API: customers', (target) => {
  let api: StoreApi;

  beforeAll(async () => {
    api = new StoreApi(target, await install(target, CUSTOMER_SCOPES));
  });

  const total = async () => (await api.get('/customers')).headers.get('x-total-count');

  it('creates a customer with addresses and reads it back in the documented shape', async () => {
    const created = await api.write('POST', '/customers', {
      name: 'John Doe',
      email: ' John.Doe@Example.com ',
      phone: '392502584',
      identification: '28776255670',
      addresses: [home, { ...work, default: true }],
      billing_address: 'Evergreen Terrace',
      billing_number: '742',
      billing_country: 'US',
      extra: { number_of_children: '2' },
      accepts_marketing: true,
      send_email_invite: true,
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(CUSTOMER_KEYS);
    expect(created.body).toMatchObject({
      name: 'John Doe',
      email: 'john.doe@example.com',
      identification: '28776255670',
      billing_address: 'Evergreen Terrace',
      billing_country: 'US',
      billing_city: null,
      extra: { number_of_children: '2' },
      total_spent: '0.00',
      total_spent_currency: 'USD',
      last_order_id: null,
      accepts_marketing: true,
    });
    expect(created.body.created_at).toMatch(TIMESTAMP);
    expect(created.body.addresses).toHaveLength(2);
    expect(Object.keys(created.body.addresses[0])).toEqual(ADDRESS_KEYS);
    expect(created.body.addresses.map((address: { country: string; default: boolean }) => [address.country, address.default])).toEqual([['US', false], ['AR', true]]);
    expect(created.body.default_address).toEqual(created.body.addresses[1]);
    const read = await api.get(`/customers/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('x-main-language')).toBe('es');
    expect(read.body).toEqual(created.body);
    expect((await api.get(`/customers/${created.body.id}?fields=id,email`)).body).toEqual({ id: created.body.id, email: 'john.doe@example.com' });
  });

  it('updates partially; addresses replace the list, the first one default when none is marked', async () => {
    const created = (await api.write('POST', '/customers', { name: 'Zé Ninguém', email: 'ze@example.com', addresses: [home], note: 'VIP' })).body;
    const renamed = await api.write('PUT', `/customers/${created.id}`, { name: 'José', addresses: [work, home] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'José', email: 'ze@example.com', note: 'VIP' });
    expect(renamed.body.addresses.map((address: { city: string; default: boolean }) => [address.city, address.default])).toEqual([['Buenos Aires', true], ['Springfield', false]]);
    const cleared = await api.write('PUT', `/customers/${created.id}`, { note: null, addresses: [] });
    expect(cleared.body).toMatchObject({ note: null, addresses: [], default_address: null });
  });

  it('refuses an e-mail already used in the store (any case) and bad fields, changing nothing', async () => {
    const first = (await api.write('POST', '/customers', { name: 'Ana', email: 'ana@example.com' })).body;
    const second = (await api.write('POST', '/customers', { name: 'Bea', email: 'bea@example.com' })).body;
    const before = await total();
    const duplicate = await api.write('POST', '/customers', { name: 'Ana 2', email: 'ANA@example.com' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toEqual({ email: ['has already been taken'] });
    const taken = await api.write('PUT', `/customers/${second.id}`, { email: 'ana@example.com', name: 'Changed' });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual({ email: ['has already been taken'] });
    expect((await api.get(`/customers/${second.id}`)).body).toMatchObject({ name: 'Bea', email: 'bea@example.com' });

    const bad = await api.write('POST', '/customers', { email: 'not-an-address', addresses: [{ country: 'Argentina' }, { default: true }, { default: true }] });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      name: ["can't be blank"],
      email: ['is invalid'],
      addresses: ['must have at most one default address'],
      'addresses[0].country': ['is too long (maximum is 2 characters)'],
    });
    const wrongType = await api.write('POST', '/customers', { name: 'X', email: 'x@example.com', accepts_marketing: 'yes' });
    expect(wrongType.status).toBe(422);
    expect(Object.keys(wrongType.body)).toEqual(['accepts_marketing']);
    expect(await total()).toBe(before);
    // The same address is free in another store.
    const elsewhere = new StoreApi(target, await install(target, CUSTOMER_SCOPES));
    expect((await elsewhere.write('POST', '/customers', { name: 'Ana', email: 'ana@example.com' })).status).toBe(201);
    expect((await api.get(`/customers/${first.id}`)).body.name).toBe('Ana');
    expect((await elsewhere.get(`/customers/${first.id}`)).body).toEqual({ code: 404, message: 'Not Found', description: `Customer ${first.id} not found` });
  });

  it('lists with q, since_id, dates and pages', async () => {
    const own = new StoreApi(target, await install(target, CUSTOMER_SCOPES));
    const ids: number[] = [];
    for (const [name, email, identification] of [['Marta Díaz', 'marta@example.com', '111'], ['Pedro Gómez', 'pedro@shop.test', '222'], ['Lucía Díaz', 'lu@example.com', '333']]) {
      ids.push((await own.write('POST', '/customers', { name, email, identification })).body.id);
    }
    const all = await own.get('/customers?per_page=2');
    expect(all.headers.get('x-total-count')).toBe('3');
    expect(all.body.map((customer: { id: number }) => customer.id)).toEqual(ids.slice(0, 2));
    expect(all.headers.get('link')).toContain('rel="next"');
    expect((await own.get('/customers?page=2&per_page=2')).body.map((customer: { id: number }) => customer.id)).toEqual([ids[2]]);
    expect((await own.get('/customers?page=9')).body).toEqual([]);
    const byName = await own.get(`/customers?q=${encodeURIComponent('díaz')}`);
    expect(byName.body.map((customer: { id: number }) => customer.id)).toEqual([ids[0], ids[2]]);
    expect(byName.headers.get('x-total-count')).toBe('2');
    expect((await own.get('/customers?q=SHOP.TEST')).body.map((customer: { id: number }) => customer.id)).toEqual([ids[1]]);
    expect((await own.get('/customers?q=333')).body.map((customer: { id: number }) => customer.id)).toEqual([ids[2]]);
    expect((await own.get('/customers?q=%25')).body).toEqual([]);
    expect((await own.get(`/customers?since_id=${ids[0]}`)).body.map((customer: { id: number }) => customer.id)).toEqual(ids.slice(1));
    expect((await own.get('/customers?created_at_min=2000-01-01T00:00:00Z&created_at_max=2999-01-01T00:00:00-03:00')).body).toHaveLength(3);
    expect((await own.get('/customers?updated_at_max=2000-01-01T00:00:00%2B0000')).body).toEqual([]);
    const badDate = await own.get('/customers?created_at_min=yesterday');
    expect(badDate.status).toBe(422);
    expect(Object.keys(badDate.body)).toEqual(['created_at_min']);
    expect(Object.keys((await own.get('/customers?per_page=500')).body)).toEqual(['per_page']);
  });

  it('deletes a customer and their addresses', async () => {
    const created = (await api.write('POST', '/customers', { name: 'Gone', email: 'gone@example.com', addresses: [home] })).body;
    expect((await api.delete(`/customers/${created.id}`)).body).toEqual({});
    expect((await api.get(`/customers/${created.id}`)).status).toBe(404);
    expect((await api.delete(`/customers/${created.id}`)).status).toBe(404);
    // The address is free again.
    expect((await api.write('POST', '/customers', { name: 'Back', email: 'gone@example.com' })).status).toBe(201);
  });

  it('needs read_customers to read and write_customers to write (403), and the store paid (402)', async () => {
    const catalogOnly = new StoreApi(target, await install(target, ['read_products', 'write_products'], undefined, api.installation));
    expect((await catalogOnly.get('/customers')).body).toEqual({ code: 403, message: 'Forbidden', description: 'Missing scope read_customers' });
    const reader = new StoreApi(target, await install(target, ['read_customers'], undefined, api.installation));
    expect((await reader.get('/customers')).status).toBe(200);
    const before = await total();
    const refused = await reader.write('POST', '/customers', { name: 'Nope', email: 'nope@example.com' });
    expect(refused.status).toBe(403);
    expect(refused.body.description).toBe('Missing scope write_customers');
    expect(await total()).toBe(before);

    const unpaid = new StoreApi(target, await install(target, CUSTOMER_SCOPES));
    await withStoreDatabase(target, (orm) => orm.em.fork().nativeUpdate(Store, { id: unpaid.installation.storeId }, { paidUntil: new Date(Date.now() - 1000) }));
    expect((await unpaid.get('/customers')).status).toBe(402);
    expect((await unpaid.write('POST', '/customers', { name: 'Nope', email: 'nope@example.com' })).status).toBe(402);
    await withStoreDatabase(target, (orm) => orm.em.fork().nativeUpdate(Store, { id: unpaid.installation.storeId }, { paidUntil: new Date(Date.now() + 86_400_000) }));
    expect((await unpaid.get('/customers')).body).toEqual([]);
  });

  it('serves the same customers over GraphQL', async () => {
    const created = (await api.write('POST', '/customers', { name: 'Graph', email: 'graph@example.com' })).body;
    const result = await asApp(target, api.installation.token, 'query($s: Int!, $id: Int!) { customer(storeId: $s, id: $id) { id email totalSpent defaultAddress { id } } }', {
      s: api.installation.storeId,
      id: created.id,
    });
    expect(result.data).toEqual({ customer: { id: created.id, email: 'graph@example.com', totalSpent: '0.00', defaultAddress: null } });
    const duplicate = await asApp(target, api.installation.token, 'mutation($s: Int!) { createCustomer(storeId: $s, input: { name: "G", email: "GRAPH@example.com" }) { id } }', {
      s: api.installation.storeId,
    });
    expect(duplicate.errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS', details: { fields: { email: ['has already been taken'] } } });
  });
});
