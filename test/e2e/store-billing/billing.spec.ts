import { billingAdminToken, billingState, recordAppPayment, recordStorePayment } from '../../support/billing';
import { eventually } from '../../support/eventually';
import { bearer, graphql } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { call, everyStoreRoute, fromNow, MONTHLY_PRICE_CENTS, storeWithPaidAndFreeApps, sweptTo, SWEEP_DEADLINE_MS } from './billing-fixtures';

const DAY = 86_400_000;

describeEachDatabase('store billing: suspension by paid time', (target) => {
  let admin: string;

  beforeAll(async () => {
    admin = await billingAdminToken(target);
  });

  it("a paid app's lapse: 402 on every /v1 route once its paid time passes, recorded by the sweep; the store's free app keeps working; a payment restores it", async () => {
    const { paid, free } = await storeWithPaidAndFreeApps(target);
    const { storeId } = paid.installation;
    const product = (await free.write('POST', '/products', { name: 'Mate', variants: [{ price: '10', sku: 'MATE-1' }], images: [{ src: 'https://img.example/mate.png' }] })).body;
    const category = (await free.write('POST', '/categories', { name: 'Yerba' })).body;

    const trial = (await billingState(target, admin, storeId)).data.billingState;
    expect(trial).toMatchObject({ storeId, suspended: false, suspendedSince: null });
    expect(trial.apps).toEqual([
      { appId: paid.installation.appId, installationId: expect.any(Number), monthlyPriceCents: MONTHLY_PRICE_CENTS, paidUntil: expect.any(String), suspended: false, suspendedSince: null },
      { appId: free.installation.appId, installationId: expect.any(Number), monthlyPriceCents: 0, paidUntil: null, suspended: false, suspendedSince: null },
    ]);
    // A 14-day trial from the installation.
    expect(Date.parse(trial.apps[0].paidUntil) - Date.now()).toBeGreaterThan(13 * DAY);

    // Paid for two more seconds: nothing is suspended yet, then the time passes on its own.
    const paying = await recordAppPayment(target, admin, storeId, paid.installation.appId, fromNow(2000));
    expect(paying.errors).toBeUndefined();
    expect(paying.data.recordAppPayment.apps[0]).toMatchObject({ suspended: false, suspendedSince: null });
    await eventually(async () => (await paid.get('/products')).status === 402, SWEEP_DEADLINE_MS, 'the 402 once the paid time passed');

    const ids = { id: product.id, product_id: product.id, sku: 'MATE-1' };
    const routes = await everyStoreRoute(target, ids);
    // The store, products (and by sku), variants, images and categories: five verbs each.
    expect(routes.length).toBeGreaterThanOrEqual(22);
    for (const route of [...routes, { method: 'GET', path: '/abandoned-carts' }]) {
      const response = await call(paid, route);
      expect({ route, status: response.status, body: response.body }).toEqual({
        route,
        status: 402,
        body: { code: 402, message: 'Payment Required', description: 'The app is suspended in this store: the store owner must resume payment for it' },
      });
    }
    expect((await free.get(`/products/${product.id}`)).status).toBe(200);
    expect((await free.get(`/categories/${category.id}`)).status).toBe(200);

    await sweptTo(target, admin, storeId, paid.installation.appId, true);
    const lapsed = (await billingState(target, admin, storeId)).data.billingState;
    expect(lapsed).toMatchObject({ suspended: false, suspendedSince: null });
    expect(lapsed.apps.map(({ suspended, suspendedSince }: any) => ({ suspended, recorded: suspendedSince !== null }))).toEqual([
      { suspended: true, recorded: true },
      { suspended: false, recorded: false },
    ]);

    const renewed = await recordAppPayment(target, admin, storeId, paid.installation.appId, fromNow(30 * DAY));
    expect(renewed.data.recordAppPayment.apps[0]).toMatchObject({ suspended: false, suspendedSince: null });
    const back = await paid.get(`/products/${product.id}`);
    expect(back.status).toBe(200);
    expect(back.body.id).toBe(product.id);
  });

  it('a lapsed store suspends every app of it, free ones included, until it is paid again', async () => {
    const { paid, free } = await storeWithPaidAndFreeApps(target);
    const { storeId } = paid.installation;

    const lapse = await recordStorePayment(target, admin, storeId, fromNow(-1000));
    expect(lapse.errors).toBeUndefined();
    // Recorded by the payment itself, in its transaction: no sweep needed.
    expect(lapse.data.recordStorePayment).toMatchObject({ suspended: true, suspendedSince: expect.any(String) });
    expect(lapse.data.recordStorePayment.apps.map((app: any) => [app.suspended, app.suspendedSince !== null])).toEqual([[true, true], [true, true]]);
    for (const api of [paid, free]) {
      const response = await api.get('/store');
      expect(response.status).toBe(402);
      expect(response.body).toEqual({ code: 402, message: 'Payment Required', description: 'The store is suspended: its owner must resume payment' });
    }

    const resumed = await recordStorePayment(target, admin, storeId, fromNow(30 * DAY));
    expect(resumed.data.recordStorePayment).toMatchObject({ suspended: false, suspendedSince: null });
    expect(resumed.data.recordStorePayment.apps.map((app: any) => app.suspendedSince)).toEqual([null, null]);
    for (const api of [paid, free]) expect((await api.get('/store')).status).toBe(200);

    // And by time alone: paid for one more second, then swept.
    await recordStorePayment(target, admin, storeId, fromNow(1000));
    await sweptTo(target, admin, storeId, paid.installation.appId, true);
    await sweptTo(target, admin, storeId, free.installation.appId, true);
    expect((await billingState(target, admin, storeId)).data.billingState).toMatchObject({ suspended: true, suspendedSince: expect.any(String) });
    for (const api of [paid, free]) expect((await api.get('/products')).status).toBe(402);
  });

  it('only billing admins read or record payments: others get a clear error and change nothing', async () => {
    const { paid } = await storeWithPaidAndFreeApps(target);
    const { storeId, appId, owner } = paid.installation;
    const before = (await billingState(target, admin, storeId)).data.billingState;

    const byOwner = await recordStorePayment(target, owner.token, storeId, fromNow(365 * DAY));
    expect(byOwner.errors).toEqual([
      expect.objectContaining({
        message: 'Only billing admins (STORE_BILLING_ADMINS) may read or record store payments',
        extensions: expect.objectContaining({ code: 'FORBIDDEN', status: 403 }),
      }),
    ]);
    expect((await recordAppPayment(target, owner.token, storeId, appId, fromNow(365 * DAY))).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await billingState(target, owner.token, storeId)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await graphql(target, 'mutation($s: Int!) { recordStorePayment(storeId: $s, paidUntil: "2030-01-01") { storeId } }', { s: storeId });
    expect(anonymous.errors?.[0]).toMatchObject({ message: 'Missing bearer token', extensions: { code: 'UNAUTHENTICATED' } });
    const asApp = await graphql(target, 'mutation($s: Int!) { recordStorePayment(storeId: $s, paidUntil: "2030-01-01") { storeId } }', { s: storeId }, bearer(paid.installation.token));
    expect(asApp.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    expect((await billingState(target, admin, storeId)).data.billingState).toEqual(before);
  });

  it('refuses bad payments with a clear error and changes nothing', async () => {
    const { paid, free } = await storeWithPaidAndFreeApps(target);
    const { storeId } = paid.installation;
    const before = (await billingState(target, admin, storeId)).data.billingState;
    const refusals: Array<[Promise<any>, object]> = [
      [recordStorePayment(target, admin, storeId, 'tomorrow'), { code: 'BAD_USER_INPUT', field: 'paidUntil' }],
      [recordStorePayment(target, admin, storeId, '2026-13-45T00:00:00Z'), { code: 'BAD_USER_INPUT', field: 'paidUntil' }],
      [recordStorePayment(target, admin, storeId, ''), { code: 'BAD_USER_INPUT', field: 'paidUntil' }],
      [recordStorePayment(target, admin, storeId, '1969-12-31T23:59:59Z'), { code: 'BAD_USER_INPUT', field: 'paidUntil' }],
      [recordAppPayment(target, admin, storeId, paid.installation.appId, '2030-01-01T00:00:00+0500x'), { code: 'BAD_USER_INPUT', field: 'paidUntil' }],
      [recordAppPayment(target, admin, storeId, free.installation.appId, fromNow(DAY)), { code: 'BAD_USER_INPUT', field: 'appId' }],
      [recordStorePayment(target, admin, 999_999_999, fromNow(DAY)), { code: 'NOT_FOUND' }],
      [recordAppPayment(target, admin, storeId, 999_999_999, fromNow(DAY)), { code: 'NOT_FOUND' }],
      [billingState(target, admin, 999_999_999), { code: 'NOT_FOUND' }],
    ];
    for (const [answer, extensions] of refusals) {
      const { errors, data } = await answer;
      expect(data).toBeNull();
      expect(errors).toEqual([expect.objectContaining({ message: expect.any(String), extensions: expect.objectContaining(extensions) })]);
    }
    const other = await storeWithPaidAndFreeApps(target);
    const elsewhere = await recordAppPayment(target, admin, storeId, other.paid.installation.appId, fromNow(DAY));
    expect(elsewhere.errors?.[0]).toMatchObject({ message: `App ${other.paid.installation.appId} is not installed in store ${storeId}`, extensions: { code: 'NOT_FOUND' } });
    const wrongType = await graphql(target, 'mutation { recordStorePayment(storeId: "seven", paidUntil: "2030-01-01") { storeId } }', {}, bearer(admin));
    expect(wrongType.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');

    expect((await billingState(target, admin, storeId)).data.billingState).toEqual(before);
  });
});
