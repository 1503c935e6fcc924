import { signUp } from '../../support/accounts';
import { bearer, graphql } from '../../support/http';
import { appToken, authorizeApp, createApp, createStore, exchangeCode, installedApp } from '../../support/store';
import { AuthorizationCode, Installation, Store } from '../../../subgraphs/store/entities';
import { withStoreDatabase } from '../../support/store-rows';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('store: apps and OAuth', (target) => {
  const access = (headers: Record<string, string>, storeId: number, scope?: string) =>
    graphql(target, 'query($s: Int!, $c: String) { storeAccess(storeId: $s, scope: $c) { storeId appId installationId scopes store { id mainLanguage languages } } }', { s: storeId, c: scope }, headers);

  describe('createApp', () => {
    const register = (token: string | undefined, variables: Record<string, unknown>) =>
      graphql(
        target,
        'mutation($n: String!, $r: String!, $s: [String!]!, $p: Int!) { createApp(name: $n, redirectUrl: $r, scopes: $s, monthlyPriceCents: $p) { id clientId clientSecret app { id name redirectUrl scopes monthlyPriceCents } } }',
        { n: 'My app', r: 'https://app.example/cb', s: ['read_products'], p: 0, ...variables },
        token ? bearer(token) : {},
      );

    it('registers an app, adds the read scope of each write scope, and shows the secret once', async () => {
      const developer = await signUp(target, 'dev');
      const created = await register(developer.token, { s: ['write_scripts', 'write_products'], p: 1500 });
      expect(created.errors).toBeUndefined();
      const app = created.data.createApp;
      expect(app).toEqual({
        id: expect.any(Number),
        clientId: String(app.id),
        clientSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
        app: { id: app.id, name: 'My app', redirectUrl: 'https://app.example/cb', scopes: ['read_products', 'write_products', 'write_scripts'], monthlyPriceCents: 1500 },
      });
      const mine = await graphql(target, 'query { myApps { id scopes } }', {}, bearer(developer.token));
      expect(mine.data.myApps).toEqual([{ id: app.id, scopes: ['read_products', 'write_products', 'write_scripts'] }]);
      expect(JSON.stringify(mine)).not.toContain(app.clientSecret);
    });

    it.each([
      ['http://127.0.0.1:8123/cb'],
      ['http://localhost/cb'],
      ['http://[::1]:9000/cb'],
      ['https://app.example:8443/oauth?x=1'],
    ])('accepts the redirect URL %s', async (url) => {
      const developer = await signUp(target, 'dev');
      expect((await register(developer.token, { r: url })).errors).toBeUndefined();
    });

    it('refuses bad apps, registering nothing', async () => {
      const developer = await signUp(target, 'dev');
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ r: 'http://app.example/cb' }, 'redirectUrl'],
        [{ r: 'http://10.0.0.1/cb' }, 'redirectUrl'],
        [{ r: 'ftp://app.example/cb' }, 'redirectUrl'],
        [{ r: 'app.example/cb' }, 'redirectUrl'],
        [{ r: 'https://app.example/cb#frag' }, 'redirectUrl'],
        [{ s: [] }, 'scopes'],
        [{ s: ['read_shipping'] }, 'scopes'],
        [{ p: -1 }, 'monthlyPriceCents'],
        [{ n: ' ' }, 'name'],
      ];
      for (const [variables, field] of cases) {
        expect((await register(developer.token, variables)).errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      }
      expect((await register(undefined, {})).errors?.[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect((await graphql(target, 'query { myApps { id } }', {}, bearer(developer.token))).data.myApps).toEqual([]);
    });
  });

  describe('authorization codes', () => {
    it('installs an app: a code on the redirect URL, exchanged once for a 40-hex token with the scopes', async () => {
      const { owner, storeId } = await createStore(target);
      const app = await createApp(target, ['write_products']);
      const granted = await authorizeApp(target, owner.token, storeId, app.appId);
      const { code, redirectUrl } = granted.data.authorizeApp;
      expect(code).toMatch(/^[0-9a-f]{40}$/);
      expect(redirectUrl).toBe(`https://app.example/callback?code=${code}&state=xyz`);

      const exchanged = await exchangeCode(target, { clientId: app.clientId, clientSecret: app.clientSecret, code });
      expect(exchanged.data.exchangeAppCode).toEqual({ accessToken: expect.stringMatching(/^[0-9a-f]{40}$/), tokenType: 'bearer', scope: 'read_products,write_products', storeId });
      const again = await exchangeCode(target, { clientId: app.clientId, clientSecret: app.clientSecret, code });
      expect(again.errors?.[0].extensions).toMatchObject({ code: 'INVALID_GRANT', status: 400 });

      const token = exchanged.data.exchangeAppCode.accessToken;
      const seen = await access(appToken(token), storeId, 'write_products');
      expect(seen.data.storeAccess).toEqual({
        storeId,
        appId: app.appId,
        installationId: expect.any(Number),
        scopes: ['read_products', 'write_products'],
        store: { id: storeId, mainLanguage: 'es', languages: ['es', 'pt', 'en'] },
      });
    });

    it('answers bad exchanges with the RFC 6749 error kinds', async () => {
      const { owner, storeId } = await createStore(target);
      const app = await createApp(target);
      const other = await createApp(target);
      const { code } = (await authorizeApp(target, owner.token, storeId, app.appId)).data.authorizeApp;
      const good = { clientId: app.clientId, clientSecret: app.clientSecret, code };
      const cases: Array<[Record<string, string | null>, string, number]> = [
        [{ code: null }, 'INVALID_REQUEST', 400],
        [{ clientSecret: '' }, 'INVALID_REQUEST', 400],
        [{ grantType: 'client_credentials' }, 'UNSUPPORTED_GRANT_TYPE', 400],
        [{ clientSecret: 'wrong' }, 'INVALID_CLIENT', 401],
        [{ clientId: '999999' }, 'INVALID_CLIENT', 401],
        [{ clientId: 'abc' }, 'INVALID_CLIENT', 401],
        [{ clientId: other.clientId, clientSecret: other.clientSecret }, 'INVALID_GRANT', 400],
        [{ code: 'f'.repeat(40) }, 'INVALID_GRANT', 400],
      ];
      for (const [change, kind, status] of cases) {
        expect((await exchangeCode(target, { ...good, ...change })).errors?.[0].extensions).toMatchObject({ code: kind, status });
      }
      // None of those spent the code.
      expect((await exchangeCode(target, good)).data.exchangeAppCode.storeId).toBe(storeId);
    });

    it('refuses a code after its 30 seconds', async () => {
      const { owner, storeId } = await createStore(target);
      const app = await createApp(target);
      const { code } = (await authorizeApp(target, owner.token, storeId, app.appId)).data.authorizeApp;
      await withStoreDatabase(target, (orm) => orm.em.fork().nativeUpdate(AuthorizationCode, { storeId, appId: app.appId }, { expiresAt: new Date(Date.now() - 1) }));
      const late = await exchangeCode(target, { clientId: app.clientId, clientSecret: app.clientSecret, code });
      expect(late.errors?.[0]).toMatchObject({ message: 'The authorization code is invalid, used or expired', extensions: { code: 'INVALID_GRANT', status: 400 } });
      const installed = await withStoreDatabase(target, (orm) => orm.em.fork().count(Installation, { storeId, appId: app.appId }));
      expect(installed).toBe(0);
    });

    it('lets only the owner authorise, and only known apps', async () => {
      const { owner, storeId } = await createStore(target);
      const app = await createApp(target);
      const stranger = await signUp(target, 'stranger');
      expect((await authorizeApp(target, stranger.token, storeId, app.appId)).errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
      expect((await authorizeApp(target, owner.token, storeId, 999999)).errors?.[0]).toMatchObject({ message: 'App 999999 not found' });
      expect((await graphql(target, 'mutation { authorizeApp(storeId: 1, appId: 1) { code } }')).errors?.[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('replaces the token when the owner authorises again, and revokes it on uninstall', async () => {
      const app = await installedApp(target);
      const { code } = (await authorizeApp(target, app.owner.token, app.storeId, app.appId)).data.authorizeApp;
      const second = (await exchangeCode(target, { clientId: app.clientId, clientSecret: app.clientSecret, code })).data.exchangeAppCode.accessToken;
      expect((await access(appToken(app.token), app.storeId)).errors?.[0]).toMatchObject({ message: 'Invalid access token', extensions: { code: 'UNAUTHENTICATED' } });
      expect((await access(appToken(second), app.storeId)).data.storeAccess.appId).toBe(app.appId);

      const stranger = await signUp(target, 'stranger');
      const refused = await graphql(target, 'mutation($s: Int!, $a: Int!) { uninstallApp(storeId: $s, appId: $a) }', { s: app.storeId, a: app.appId }, bearer(stranger.token));
      expect(refused.errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
      expect((await access(appToken(second), app.storeId)).errors).toBeUndefined();

      const uninstall = () => graphql(target, 'mutation($s: Int!, $a: Int!) { uninstallApp(storeId: $s, appId: $a) }', { s: app.storeId, a: app.appId }, bearer(app.owner.token));
      expect((await uninstall()).data.uninstallApp).toBe(true);
      expect((await access(appToken(second), app.storeId)).errors?.[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect((await uninstall()).errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('storeAccess', () => {
    it('refuses missing, malformed, unknown and other stores\' tokens alike (401), and names a missing scope (403)', async () => {
      const app = await installedApp(target, ['read_products']);
      const other = await createStore(target);
      const refused: Array<Record<string, string>> = [{}, { authentication: app.token }, { authentication: `bearer ${'0'.repeat(40)}` }, { authorization: `Bearer ${app.owner.token}` }];
      for (const headers of refused) {
        expect((await access(headers, app.storeId)).errors?.[0]).toMatchObject({ message: 'Invalid access token', extensions: { code: 'UNAUTHENTICATED', status: 401 } });
      }
      expect((await access(appToken(app.token), other.storeId)).errors?.[0]).toMatchObject({ message: 'Invalid access token', extensions: { status: 401 } });
      const missing = await access(appToken(app.token), app.storeId, 'write_products');
      expect(missing.errors?.[0]).toMatchObject({
        message: 'Missing scope write_products',
        extensions: { code: 'FORBIDDEN', status: 403, details: { storeId: app.storeId, appId: app.appId, installationId: expect.any(Number) } },
      });
      expect((await access(appToken(app.token), app.storeId, 'read_shipping')).errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    });

    it('answers 402 with the app identity once the store or a paid installation is unpaid, after the scope check', async () => {
      const app = await installedApp(target, ['read_products']);
      const past = new Date(Date.now() - 1000);
      await withStoreDatabase(target, (orm) => orm.em.fork().nativeUpdate(Store, { id: app.storeId }, { paidUntil: past }));
      const identity = { storeId: app.storeId, appId: app.appId, installationId: expect.any(Number) };
      expect((await access(appToken(app.token), app.storeId, 'write_products')).errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN' });
      expect((await access(appToken(app.token), app.storeId, 'read_products')).errors?.[0]).toMatchObject({
        message: expect.stringContaining('resume payment'),
        extensions: { code: 'PAYMENT_REQUIRED', status: 402, details: identity },
      });
      const product = await graphql(target, 'query($s: Int!) { products(storeId: $s) { totalCount } }', { s: app.storeId }, appToken(app.token));
      expect(product.errors?.[0].extensions).toMatchObject({ code: 'PAYMENT_REQUIRED' });

      // A free app's installation has no paid time; give this one a lapsed one, as an unpaid paid app's.
      const paid = await installedApp(target);
      const free = await withStoreDatabase(target, (orm) => orm.em.fork().findOneOrFail(Installation, { storeId: paid.storeId, appId: paid.appId }));
      expect(free.paidUntil).toBeNull();
      await withStoreDatabase(target, (orm) => orm.em.fork().nativeUpdate(Installation, { storeId: paid.storeId, appId: paid.appId }, { paidUntil: past }));
      expect((await access(appToken(paid.token), paid.storeId)).errors?.[0].extensions).toMatchObject({ code: 'PAYMENT_REQUIRED', details: { appId: paid.appId } });
    });

    it('gives a paid app a 14-day trial at its first installation', async () => {
      const { owner, storeId } = await createStore(target);
      const app = await createApp(target, ['read_products'], { monthlyPriceCents: 999 });
      const { code } = (await authorizeApp(target, owner.token, storeId, app.appId)).data.authorizeApp;
      const token = (await exchangeCode(target, { clientId: app.clientId, clientSecret: app.clientSecret, code })).data.exchangeAppCode.accessToken;
      const installation = await withStoreDatabase(target, (orm) => orm.em.fork().findOneOrFail(Installation, { storeId, appId: app.appId }));
      const days = (installation.paidUntil!.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(13.9);
      expect(days).toBeLessThanOrEqual(14);
      expect((await access(appToken(token), storeId)).errors).toBeUndefined();
    });

    it('accepts the scheme word in any case, and the token in Authorization: Bearer', async () => {
      const app = await installedApp(target);
      const accepted: Array<Record<string, string>> = [{ authentication: `BEARER ${app.token}` }, { authentication: `Bearer  ${app.token}` }, { authorization: `Bearer ${app.token}` }];
      for (const headers of accepted) {
        expect((await access(headers, app.storeId)).data?.storeAccess.storeId).toBe(app.storeId);
      }
    });
  });
});
