import { send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { install, StoreApi, USER_AGENT } from '../store-rest/store-fixtures';

const WEBHOOK_KEYS = ['id', 'event', 'url', 'created_at', 'updated_at'];
const EVENTS_ALLOWED =
  'Invalid event specified. Events allowed: app/uninstalled, app/suspended, app/resumed, category/created, category/updated, category/deleted, product/created, product/updated, product/deleted, order/created, order/updated, order/paid, order/fulfilled, order/cancelled, customer/created, customer/updated, customer/deleted';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/;

describeEachDatabase('store API: webhooks', (target) => {
  let api: StoreApi;
  let neighbour: StoreApi;

  beforeAll(async () => {
    api = new StoreApi(target, await install(target, ['read_content']));
    neighbour = new StoreApi(target, await install(target, ['read_products'], undefined, { owner: api.installation.owner, storeId: api.installation.storeId }));
  });

  const listed = async (app = api) => (await app.get('/webhooks')).body as Array<Record<string, unknown>>;

  it('creates, lists, reads, changes and deletes a webhook, with any scope', async () => {
    const created = await api.write('POST', '/webhooks', { event: 'product/created', url: 'http://127.0.0.1:9/created' });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(WEBHOOK_KEYS);
    expect(created.body).toMatchObject({ event: 'product/created', url: 'http://127.0.0.1:9/created', created_at: expect.stringMatching(TIMESTAMP) });
    expect(created.headers.get('x-main-language')).toBe('es');
    expect(created.headers.get('x-rate-limit-limit')).not.toBeNull();

    const list = await api.get('/webhooks');
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(list.body).toEqual([created.body]);
    expect((await api.get(`/webhooks/${created.body.id}`)).body).toEqual(created.body);
    expect((await api.get(`/webhooks/${created.body.id}?fields=id,event`)).body).toEqual({ id: created.body.id, event: 'product/created' });

    const changed = await api.write('PUT', `/webhooks/${created.body.id}`, { event: 'product/deleted' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: created.body.id, event: 'product/deleted', url: 'http://127.0.0.1:9/created' });

    expect((await api.delete(`/webhooks/${created.body.id}`)).body).toEqual({});
    const gone = await api.get(`/webhooks/${created.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: 404, message: 'Not Found', description: `Webhook ${created.body.id} not found` });
    expect(await listed()).toEqual([]);
  });

  it("keeps each app's webhooks its own: another app of the store neither sees nor changes them", async () => {
    const mine = (await api.write('POST', '/webhooks', { event: 'category/created', url: 'http://127.0.0.1:9/mine' })).body;
    expect(await listed(neighbour)).toEqual([]);
    for (const response of [
      await neighbour.get(`/webhooks/${mine.id}`),
      await neighbour.write('PUT', `/webhooks/${mine.id}`, { url: 'http://127.0.0.1:9/theirs' }),
      await neighbour.delete(`/webhooks/${mine.id}`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.description).toBe(`Webhook ${mine.id} not found`);
    }
    expect((await api.get(`/webhooks/${mine.id}`)).body).toEqual(mine);
    await api.delete(`/webhooks/${mine.id}`);
  });

  describe('bad input: a clear 4xx, and nothing changes', () => {
    let existing: Record<string, unknown>;

    beforeAll(async () => {
      existing = (await api.write('POST', '/webhooks', { event: 'app/uninstalled', url: 'http://127.0.0.1:9/kept' })).body;
    });

    it.each<[string, unknown, Record<string, string[]>]>([
      ['no fields', {}, { event: ["can't be blank"], url: ["can't be blank"] }],
      ['no event', { url: 'http://127.0.0.1:9/x' }, { event: ["can't be blank"] }],
      ['no url', { event: 'product/created' }, { url: ["can't be blank"] }],
      ['an empty event', { event: ' ', url: 'http://127.0.0.1:9/x' }, { event: ["can't be blank"] }],
      ['an unknown event', { event: 'order/shipped', url: 'http://127.0.0.1:9/x' }, { event: [EVENTS_ALLOWED] }],
      ['an event of the wrong type', { event: 5, url: 'http://127.0.0.1:9/x' }, { event: ['must be a string'] }],
      ['a url of the wrong type', { event: 'product/created', url: ['http://127.0.0.1:9/x'] }, { url: ['must be a string'] }],
      ['null fields', { event: null, url: null }, { event: ['must be a string'], url: ['must be a string'] }],
      ['no url at all', { event: 'product/created', url: 'not a url' }, { url: ['invalid url specified', 'not an absolute url'] }],
      ['another scheme', { event: 'product/created', url: 'ftp://127.0.0.1/x' }, { url: ['invalid url specified', 'not an http or https url'] }],
      ['credentials in the url', { event: 'product/created', url: 'http://me:secret@127.0.0.1:9/x' }, { url: ['invalid url specified', 'the url carries credentials'] }],
      ['a url too long', { event: 'product/created', url: `http://127.0.0.1:9/${'x'.repeat(2100)}` }, { url: ['invalid url specified', 'the url is longer than 2048 characters'] }],
      ['a second registration of one event and url', { event: 'app/uninstalled', url: 'http://127.0.0.1:9/kept' }, { url: ['has already been taken for this event'] }],
    ])('POST with %s → 422', async (_case, body, fields) => {
      const response = await api.write('POST', '/webhooks', body);
      expect(response.status).toBe(422);
      expect(response.body).toEqual(fields);
      expect(await listed()).toEqual([existing]);
    });

    it.each<[string, unknown, Record<string, string[]>]>([
      ['an unknown event', { event: 'store/redact' }, { event: [EVENTS_ALLOWED] }],
      ['a bad url', { url: 'javascript:alert(1)' }, { url: ['invalid url specified', 'not an http or https url'] }],
      ['an empty url', { url: '' }, { url: ["can't be blank"] }],
    ])('PUT with %s → 422', async (_case, body, fields) => {
      const response = await api.write('PUT', `/webhooks/${existing.id}`, body);
      expect(response.status).toBe(422);
      expect(response.body).toEqual(fields);
      expect(await listed()).toEqual([existing]);
    });

    it('malformed JSON → 400, another media type → 415, an unknown id → 404', async () => {
      const malformed = await send(api.url('/webhooks'), { method: 'POST', headers: api.headers({ 'content-type': 'application/json' }), body: '{"event": "product/created",' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ error: 'Problems parsing JSON' });
      const form = await send(api.url('/webhooks'), { method: 'POST', headers: api.headers({ 'content-type': 'application/x-www-form-urlencoded' }), body: 'event=product/created' });
      expect(form.status).toBe(415);
      expect(form.body).toMatchObject({ code: 415, message: 'Unsupported Media Type' });
      const unknown = await api.write('PUT', '/webhooks/999999999', { event: 'product/created' });
      expect(unknown.status).toBe(404);
      expect((await api.delete('/webhooks/999999999')).status).toBe(404);
      expect(await listed()).toEqual([existing]);
    });

    it('a bad or missing token → 401 (no rate headers), a bad page size → 422', async () => {
      const body = JSON.stringify({ event: 'product/created', url: 'http://127.0.0.1:9/x' });
      for (const authentication of [`bearer ${'f'.repeat(40)}`, 'bearer', 'basic abc']) {
        const response = await send(api.url('/webhooks'), { method: 'POST', headers: { 'user-agent': USER_AGENT, 'content-type': 'application/json', authentication }, body });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ code: 401, message: 'Unauthorized', description: 'Invalid access token' });
        expect(response.headers.get('x-rate-limit-remaining')).toBeNull();
      }
      const page = await api.get('/webhooks?per_page=500');
      expect(page.status).toBe(422);
      expect(Object.keys(page.body)).toEqual(['per_page']);
      expect(await listed()).toEqual([existing]);
    });
  });
});
