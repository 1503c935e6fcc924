import { postForm, send } from '../../support/http';
import { createApp, createStore, type StoreFixture } from '../../support/store';
import { describeEachDatabase } from '../../support/targets';
import { authorizationCode, exchangeOverRest as exchangeCode, USER_AGENT } from './store-fixtures';

describeEachDatabase('store API: POST /apps/authorize/token', (target) => {
  let store: StoreFixture;
  let storeId: number;
  let app: Awaited<ReturnType<typeof createApp>>;
  const codeFor = () => authorizationCode(target, store.owner.token, storeId, app.appId);
  const fieldsFor = (code: string) => ({ client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', code });

  beforeAll(async () => {
    store = await createStore(target);
    storeId = store.storeId;
    app = await createApp(target, ['write_products']);
  });

  it('exchanges a code (JSON) for a token that opens the store, granting the implied read scope', async () => {
    const response = await exchangeCode(target, fieldsFor(await codeFor()));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ access_token: expect.stringMatching(/^[0-9a-f]{40}$/), token_type: 'bearer', scope: 'read_products,write_products', user_id: String(storeId) });
    const products = await send(`${target.shimUrl}/v1/${storeId}/products`, { headers: { 'user-agent': USER_AGENT, authentication: `bearer ${response.body.access_token}` } });
    expect(products.status).toBe(200);
  });

  it('takes a form body too, and authorising again replaces the token', async () => {
    const first = await postForm(`${target.shimUrl}/apps/authorize/token`, fieldsFor(await codeFor()));
    const second = await postForm(`${target.shimUrl}/apps/authorize/token`, fieldsFor(await codeFor()));
    expect([first.status, second.status]).toEqual([200, 200]);
    const using = (token: string) => send(`${target.shimUrl}/v1/${storeId}/products`, { headers: { 'user-agent': USER_AGENT, authentication: `bearer ${token}` } });
    expect((await using(first.body.access_token)).status).toBe(401);
    expect((await using(second.body.access_token)).status).toBe(200);
  });

  it('refuses a used, unknown or malformed code with invalid_grant', async () => {
    const code = await codeFor();
    expect((await exchangeCode(target, fieldsFor(code))).status).toBe(200);
    const used = await exchangeCode(target, fieldsFor(code));
    expect(used.status).toBe(400);
    expect(used.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    expect((await exchangeCode(target, fieldsFor('not-a-code'))).body.error).toBe('invalid_grant');
  });

  it('answers missing fields with invalid_request and another grant type with unsupported_grant_type', async () => {
    const code = await codeFor();
    const missing = await exchangeCode(target, { client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('code') });
    const grant = await exchangeCode(target, { ...fieldsFor(code), grant_type: 'client_credentials' });
    expect(grant.status).toBe(400);
    expect(grant.body.error).toBe('unsupported_grant_type');
    const notJson = await send(`${target.shimUrl}/apps/authorize/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toBe('invalid_request');
    // The code was not spent by the refused exchanges.
    expect((await exchangeCode(target, fieldsFor(code))).status).toBe(200);
  });

  it('answers a wrong secret or an unknown client with 401 invalid_client, leaving the code usable', async () => {
    const code = await codeFor();
    const wrongSecret = await exchangeCode(target, { ...fieldsFor(code), client_secret: 'wrong' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe('invalid_client');
    const unknownClient = await exchangeCode(target, { ...fieldsFor(code), client_id: 'nobody' });
    expect(unknownClient.status).toBe(401);
    expect((await exchangeCode(target, fieldsFor(code))).status).toBe(200);
  });
});
