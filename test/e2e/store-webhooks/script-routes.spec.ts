import { graphql, send } from '../../support/http';
import { uninstallApp } from '../../support/store';
import { describeEachDatabase } from '../../support/targets';
import { install, StoreApi } from '../store-rest/store-fixtures';

const SCRIPT_KEYS = ['id', 'src', 'event', 'where', 'created_at', 'updated_at'];

describeEachDatabase('store API: storefront scripts', (target) => {
  let api: StoreApi;
  let neighbour: StoreApi;
  let unscoped: StoreApi;

  beforeAll(async () => {
    api = new StoreApi(target, await install(target, ['write_scripts']));
    const store = { owner: api.installation.owner, storeId: api.installation.storeId };
    neighbour = new StoreApi(target, await install(target, ['write_scripts'], undefined, store));
    unscoped = new StoreApi(target, await install(target, ['write_products'], undefined, store));
  });

  const listed = async (app = api) => (await app.get('/scripts')).body as Array<Record<string, unknown>>;
  const storefront = async () =>
    (await graphql(target, 'query($s: Int!) { storefrontScripts(storeId: $s) { id appId src event where } }', { s: api.installation.storeId })).data?.storefrontScripts;

  it('adds, lists and removes scripts; the storefront lists every served app\'s in registration order', async () => {
    const first = await api.write('POST', '/scripts', { src: 'https://cdn.example/first.js' });
    expect(first.status).toBe(201);
    expect(Object.keys(first.body)).toEqual(SCRIPT_KEYS);
    expect(first.body).toMatchObject({ src: 'https://cdn.example/first.js', event: 'onload', where: 'store' });
    const theirs = (await neighbour.write('POST', '/scripts', { src: 'http://127.0.0.1:5173/dev.js', event: 'onload', where: 'store' })).body;
    const second = (await api.write('POST', '/scripts', { src: 'https://cdn.example/second.js' })).body;

    const list = await api.get('/scripts');
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.body).toEqual([first.body, second]);
    expect(await listed(neighbour)).toEqual([theirs]);
    // No credentials: the storefront page is public.
    expect(await storefront()).toEqual([
      { id: first.body.id, appId: api.installation.appId, src: first.body.src, event: 'onload', where: 'store' },
      { id: theirs.id, appId: neighbour.installation.appId, src: theirs.src, event: 'onload', where: 'store' },
      { id: second.id, appId: api.installation.appId, src: second.src, event: 'onload', where: 'store' },
    ]);

    expect((await neighbour.delete(`/scripts/${first.body.id}`)).status).toBe(404);
    expect((await api.delete(`/scripts/${first.body.id}`)).body).toEqual({});
    const again = await api.delete(`/scripts/${first.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 404, message: 'Not Found', description: `Script ${first.body.id} not found` });
    expect((await storefront()).map((script: { id: number }) => script.id)).toEqual([theirs.id, second.id]);
  });

  it("an uninstalled app's scripts leave the storefront", async () => {
    const leaving = new StoreApi(target, await install(target, ['write_scripts'], undefined, { owner: api.installation.owner, storeId: api.installation.storeId }));
    const script = (await leaving.write('POST', '/scripts', { src: 'https://cdn.example/leaving.js' })).body;
    expect((await storefront()).map((s: { id: number }) => s.id)).toContain(script.id);
    const result = await uninstallApp(target, api.installation.owner.token, api.installation.storeId, leaving.installation.appId);
    expect(result.data).toEqual({ uninstallApp: true });
    expect((await storefront()).map((s: { id: number }) => s.id)).not.toContain(script.id);
  });

  describe('bad input: a clear 4xx, and nothing changes', () => {
    let before: Array<Record<string, unknown>>;

    beforeAll(async () => {
      before = await listed();
    });

    it.each<[string, unknown, Record<string, string[]>]>([
      ['no src', {}, { src: ["can't be blank"] }],
      ['a src of the wrong type', { src: 42 }, { src: ['must be a string'] }],
      ['a plain http src', { src: 'http://cdn.example/x.js' }, { src: ['must be an https URL'] }],
      ['no URL', { src: 'alert(1)' }, { src: ['must be an https URL'] }],
      ['a javascript: src', { src: 'javascript:alert(1)' }, { src: ['must be an https URL'] }],
      ['another event', { src: 'https://cdn.example/x.js', event: 'onclick' }, { event: ['must be one of onload'] }],
      ['another place', { src: 'https://cdn.example/x.js', where: 'checkout' }, { where: ['must be one of store'] }],
      ['every field wrong', { event: 'onclick', where: 'checkout' }, { src: ["can't be blank"], event: ['must be one of onload'], where: ['must be one of store'] }],
    ])('POST with %s → 422', async (_case, body, fields) => {
      const response = await api.write('POST', '/scripts', body);
      expect(response.status).toBe(422);
      expect(response.body).toEqual(fields);
      expect(await listed()).toEqual(before);
    });

    it('malformed JSON → 400, a bad token → 401, an unknown id → 404', async () => {
      const malformed = await send(api.url('/scripts'), { method: 'POST', headers: api.headers({ 'content-type': 'application/json' }), body: '{"src": ' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ error: 'Problems parsing JSON' });
      const stranger = await send(api.url('/scripts'), {
        method: 'POST',
        headers: { ...api.headers({ 'content-type': 'application/json' }), authentication: `bearer ${'a'.repeat(40)}` },
        body: JSON.stringify({ src: 'https://cdn.example/x.js' }),
      });
      expect(stranger.status).toBe(401);
      expect((await api.delete('/scripts/999999999')).status).toBe(404);
      expect(await listed()).toEqual(before);
    });

    it('403 without write_scripts, for reading too', async () => {
      const read = await unscoped.get('/scripts');
      const write = await unscoped.write('POST', '/scripts', { src: 'https://cdn.example/x.js' });
      for (const response of [read, write]) {
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ code: 403, message: 'Forbidden', description: 'Missing scope write_scripts' });
      }
      expect(await listed()).toEqual(before);
    });
  });
});
