import { connect } from 'node:net';
import { send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { Store } from '../../../subgraphs/store/entities';
import { withStoreDatabase } from '../../support/store-rows';
import { install, StoreApi, USER_AGENT } from './store-fixtures';

const INVALID_TOKEN = { code: 401, message: 'Unauthorized', description: 'Invalid access token' };

/**
 * A request with exactly these headers and no body, written on a socket: fetch adds a User-Agent,
 * and Node's client a Content-Length or chunked encoding to every PUT.
 */
function rawRequest(url: string, method: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head, body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: body ? JSON.parse(body) : undefined });
    });
    const lines = [`${method} ${pathname}${search} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

describeEachDatabase('store API: the error table and the check order', (target) => {
  let api: StoreApi;
  let readOnly: StoreApi;
  let other: StoreApi;
  let productId: number;

  beforeAll(async () => {
    api = new StoreApi(target, await install(target));
    readOnly = new StoreApi(target, await install(target, ['read_products']));
    other = new StoreApi(target, await install(target));
    const created = await api.write('POST', '/products', { name: 'Mate' });
    expect(created.status).toBe(201);
    productId = created.body.id;
  });

  const count = async () => (await api.get('/products')).headers.get('x-total-count');

  it('400 without a User-Agent, before anything else and with no rate headers', async () => {
    const response = await rawRequest(api.url('/products'), 'GET', { authentication: 'bearer nope' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 400, message: 'Bad Request', description: expect.stringContaining('User-Agent') });
    const valid = await rawRequest(api.url('/products'), 'GET', { authentication: `bearer ${api.installation.token}` });
    expect(valid.status).toBe(400);
  });

  it('401 for a missing, unknown or other store’s token, with no rate headers', async () => {
    const missing = await send(api.url('/products'), { headers: { 'user-agent': USER_AGENT } });
    const unknown = await send(api.url('/products'), { headers: { 'user-agent': USER_AGENT, authentication: `bearer ${'0'.repeat(40)}` } });
    const otherStore = await send(api.url('/products'), { headers: other.headers() });
    for (const response of [missing, unknown, otherStore]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual(INVALID_TOKEN);
      expect(response.headers.get('x-rate-limit-remaining')).toBeNull();
    }
  });

  it('accepts the token in Authorization: Bearer and any case of the scheme word', async () => {
    const authorization = await send(api.url('/products'), { headers: { 'user-agent': USER_AGENT, authorization: `Bearer ${api.installation.token}` } });
    const upper = await send(api.url('/products'), { headers: { 'user-agent': USER_AGENT, authentication: `BEARER ${api.installation.token}` } });
    expect([authorization.status, upper.status]).toEqual([200, 200]);
  });

  it('403 for a missing scope, and nothing is written', async () => {
    const before = await count();
    const response = await readOnly.write('POST', '/products', { name: 'Nope' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: 403, message: 'Forbidden', description: 'Missing scope write_products' });
    expect(response.headers.get('x-rate-limit-limit')).not.toBeNull();
    expect((await readOnly.get('/products')).status).toBe(200);
    expect(await count()).toBe(before);
  });

  it('415 for a body that is not JSON, 400 "Problems parsing JSON" for bad JSON; nothing is written', async () => {
    const before = await count();
    const form = await send(api.url('/products'), { method: 'POST', headers: api.headers({ 'content-type': 'application/x-www-form-urlencoded' }), body: 'name=Mate' });
    expect(form.status).toBe(415);
    expect(form.body).toMatchObject({ code: 415, message: 'Unsupported Media Type' });
    const bad = await send(api.url('/products'), { method: 'POST', headers: api.headers({ 'content-type': 'application/json' }), body: '{"name": "Ma' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Problems parsing JSON' });
    expect(bad.headers.get('x-rate-limit-limit')).toBe('100000');
    expect(await count()).toBe(before);
  });

  it('never checks the Content-Type of a request without a body', async () => {
    const response = await api.get(`/products/${productId}`, { 'content-type': 'text/plain' });
    expect(response.status).toBe(200);
    const deleted = await send(api.url('/products/999999999'), { method: 'DELETE', headers: api.headers({ 'content-type': 'application/json' }) });
    expect(deleted.status).toBe(404);
  });

  it('puts credentials before the body: bad token + bad JSON is 401, missing scope + bad JSON is 403', async () => {
    const badJson = { 'content-type': 'application/json' };
    const unauthorised = await send(api.url('/products'), { method: 'POST', headers: { ...api.headers(badJson), authentication: `bearer ${'1'.repeat(40)}` }, body: '{' });
    expect(unauthorised.status).toBe(401);
    const otherStore = await send(api.url('/products'), { method: 'POST', headers: other.headers(badJson), body: '{' });
    expect(otherStore.status).toBe(401);
    const noScope = await send(readOnly.url('/products'), { method: 'POST', headers: readOnly.headers({ 'content-type': 'text/xml' }), body: '<product/>' });
    expect(noScope.status).toBe(403);
  });

  it('422 field maps for wrong types, bad filters and bad pages; nothing is written', async () => {
    const before = await count();
    const wrongTypes = await api.write('POST', '/products', { name: 'Mate', published: 'yes', free_shipping: 3 });
    expect(wrongTypes.status).toBe(422);
    expect(wrongTypes.body).toEqual({ published: ['must be true or false'], free_shipping: ['must be true or false'] });
    const missingName = await api.write('POST', '/products', {});
    expect(missingName.status).toBe(422);
    expect(Object.keys(missingName.body)).toEqual(['name']);
    expect((await api.get('/products?per_page=201')).body).toEqual({ per_page: ['must be at most 200'] });
    expect((await api.get('/products?page=0')).body).toEqual({ page: ['must be at least 1'] });
    expect((await api.get('/products?page=x')).status).toBe(422);
    expect((await api.get('/products/3000000000')).body).toEqual({ id: ['must be at most 2147483647'] });
    expect(Object.keys((await api.get('/products?sort_by=random')).body)).toEqual(['sort_by']);
    expect(Object.keys((await api.get('/products?created_at_min=yesterday')).body)).toEqual(['created_at_min']);
    expect(Object.keys((await api.get('/products?language=xx')).body)).toEqual(['language']);
    const unknownLanguage = await api.write('PUT', `/products/${productId}`, { name: { xx: 'Nope' } });
    expect(unknownLanguage.status).toBe(422);
    expect(Object.keys(unknownLanguage.body)).toEqual(['name']);
    const unknownCategory = await api.write('POST', '/products', { name: 'Mate', categories: [999999999] });
    expect(unknownCategory.status).toBe(422);
    expect(Object.keys(unknownCategory.body)).toEqual(['categories']);
    expect(await count()).toBe(before);
  });

  it('402 while the store is unpaid: after the scope check, before the body; counted in the bucket', async () => {
    const suspended = new StoreApi(target, await install(target));
    const readOnlySuspended = new StoreApi(target, await install(target, ['read_products'], undefined, suspended.installation));
    await withStoreDatabase(target, (orm) => orm.em.fork().nativeUpdate(Store, { id: suspended.installation.storeId }, { paidUntil: new Date(Date.now() - 1000) }));
    const read = await suspended.get('/products');
    expect(read.status).toBe(402);
    expect(read.body).toEqual({ code: 402, message: 'Payment Required', description: expect.stringContaining('payment') });
    expect(read.headers.get('x-rate-limit-remaining')).not.toBeNull();
    const badJson = await send(suspended.url('/products'), { method: 'POST', headers: suspended.headers({ 'content-type': 'application/json' }), body: '{' });
    expect(badJson.status).toBe(402);
    expect((await readOnlySuspended.write('POST', '/products', { name: 'Nope' })).status).toBe(403);
    await withStoreDatabase(target, (orm) => orm.em.fork().nativeUpdate(Store, { id: suspended.installation.storeId }, { paidUntil: new Date(Date.now() + 86_400_000) }));
    expect((await suspended.get('/products')).body).toEqual([]);
  });

  it('404 envelopes for unknown ids, null description for an unknown route', async () => {
    const product = await api.get('/products/999999999');
    expect(product.status).toBe(404);
    expect(product.body).toEqual({ code: 404, message: 'Not Found', description: 'Product 999999999 not found' });
    const category = await api.get('/categories/999999999');
    expect(category.body).toMatchObject({ code: 404, message: 'Not Found' });
    const route = await api.get('/abandoned-carts');
    expect(route.status).toBe(404);
    expect(route.body).toEqual({ code: 404, message: 'Not Found', description: null });
    const badTokenRoute = await send(api.url('/abandoned-carts'), { headers: { 'user-agent': USER_AGENT, authentication: `bearer ${'2'.repeat(40)}` } });
    expect(badTokenRoute.status).toBe(401);
  });

  it('a PUT without a body needs Content-Length: 0, and is then {}', async () => {
    const headers = api.headers();
    const empty = await rawRequest(api.url(`/products/${productId}`), 'PUT', { ...headers, 'content-length': '0' });
    expect(empty.status).toBe(200);
    expect((empty.body as { id: number }).id).toBe(productId);
    const unsized = await rawRequest(api.url(`/products/${productId}`), 'PUT', headers);
    expect(unsized.status).toBe(411);
    expect(unsized.body).toMatchObject({ code: 411, message: 'Length Required' });
    // The v1 PHP SDK sends [] for a call without parameters.
    expect((await api.write('PUT', `/products/${productId}`, [])).status).toBe(200);
  });

  it('carries the rate headers on every answer to a valid token, HEAD and 4xx included, and X-Main-Language on 2xx', async () => {
    const ok = await api.get(`/products/${productId}`);
    expect(ok.headers.get('x-main-language')).toBe('es');
    const head = await send(api.url(`/products/${productId}`), { method: 'HEAD', headers: api.headers() });
    const missing = await api.get('/products/999999999');
    for (const response of [ok, head, missing]) {
      expect(response.headers.get('x-rate-limit-limit')).not.toBeNull();
      expect(Number(response.headers.get('x-rate-limit-remaining'))).toBeGreaterThan(0);
      expect(Number(response.headers.get('x-rate-limit-reset'))).toBeGreaterThan(0);
    }
    expect(missing.headers.get('x-main-language')).toBeNull();
  });
});
