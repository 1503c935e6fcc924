import { billingAdminToken, recordAppPayment, recordStorePayment } from '../../support/billing';
import { eventually } from '../../support/eventually';
import { graphql } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { WebhookReceiver, type ReceivedWebhook } from '../../support/webhook-receiver';
import type { StoreApi } from '../store-rest/store-fixtures';
import { fromNow, storeWithPaidAndFreeApps, SWEEP_DEADLINE_MS } from './billing-fixtures';

const DAY = 86_400_000;
const EVENTS = ['app/suspended', 'app/resumed', 'product/created', 'product/updated'];

describeEachDatabase('store billing: webhooks around a suspension', (target) => {
  const receiver = new WebhookReceiver();
  let admin: string;

  beforeAll(async () => {
    await receiver.start();
    admin = await billingAdminToken(target);
  });
  afterAll(() => receiver.stop());

  /** Subscribes the app to EVENTS at paths of its own (`/<tag>/<event>`). */
  async function subscribe(api: StoreApi, tag: string): Promise<void> {
    for (const event of EVENTS) expect((await api.write('POST', '/webhooks', { event, url: receiver.url(`/${tag}/${event}`) })).status).toBe(201);
  }

  /** A store with a paid and a free app, each subscribed under a tag of its own (`p`, `f`). */
  async function subscribedStore(label = '') {
    const { paid, free } = await storeWithPaidAndFreeApps(target);
    const { storeId } = paid.installation;
    const [p, f] = [`${label}paid-${storeId}`, `${label}free-${storeId}`];
    await subscribe(paid, p);
    await subscribe(free, f);
    return { paid, free, storeId, p, f };
  }

  /** What the app's endpoints got, in arrival order, as `event id`. */
  const heardBy = (tag: string) => receiver.received.filter((request) => request.path.startsWith(`/${tag}/`)).map(describe);
  const describe = ({ body }: ReceivedWebhook) => (body.id === undefined ? body.event : `${body.event} ${body.id}`);
  const waitUntilHeard = (tag: string, what: string) => receiver.waitFor(() => heardBy(tag).includes(what), 20_000, `${what} at ${tag}`);

  const storefrontScripts = async (storeId: number): Promise<string[]> =>
    (await graphql(target, 'query($s: Int!) { storefrontScripts(storeId: $s) { src } }', { s: storeId })).data.storefrontScripts.map((script: { src: string }) => script.src);

  it("a paid app's lapse: app/suspended is the last it hears, nothing meanwhile, app/resumed the first after; the free app hears its own changes throughout", async () => {
    const { paid, free, storeId, p, f } = await subscribedStore();
    expect((await paid.write('POST', '/scripts', { src: 'https://cdn.example/paid.js', event: 'onload', where: 'store' })).status).toBe(201);
    expect(await storefrontScripts(storeId)).toEqual(['https://cdn.example/paid.js']);

    const product = (await free.write('POST', '/products', { name: 'Mate' })).body;
    await waitUntilHeard(p, `product/created ${product.id}`);

    // Paid for two more seconds; then the owner's other app keeps changing the catalog.
    expect((await recordAppPayment(target, admin, storeId, paid.installation.appId, fromNow(2000))).errors).toBeUndefined();
    await eventually(async () => (await paid.get('/products')).status === 402, SWEEP_DEADLINE_MS, 'the 402 once the paid time passed');
    expect(await storefrontScripts(storeId)).toEqual([]);
    expect((await free.write('PUT', `/products/${product.id}`, { name: 'Mate cocido' })).status).toBe(200);
    await waitUntilHeard(p, 'app/suspended');
    expect((await free.write('PUT', `/products/${product.id}`, { name: 'Mate amargo' })).status).toBe(200);
    const during = (await free.write('POST', '/products', { name: 'Termo' })).body;
    await waitUntilHeard(f, `product/created ${during.id}`);

    const renewed = await recordAppPayment(target, admin, storeId, paid.installation.appId, fromNow(30 * DAY));
    expect(renewed.errors).toBeUndefined();
    expect((await paid.get('/products')).status).toBe(200);
    expect(await storefrontScripts(storeId)).toEqual(['https://cdn.example/paid.js']);
    await waitUntilHeard(p, 'app/resumed');
    const after = (await free.write('POST', '/products', { name: 'Bombilla' })).body;
    await waitUntilHeard(p, `product/created ${after.id}`);

    expect(heardBy(p)).toEqual([`product/created ${product.id}`, 'app/suspended', 'app/resumed', `product/created ${after.id}`]);
    // The free app kept hearing the catalog and no billing event of the other app's.
    await waitUntilHeard(f, `product/created ${after.id}`);
    expect(heardBy(f)).toEqual([
      `product/created ${product.id}`,
      `product/updated ${product.id}`,
      `product/updated ${product.id}`,
      `product/created ${during.id}`,
      `product/created ${after.id}`,
    ]);
  });

  it('a lapsed store: every app of it hears app/suspended once, then app/resumed once when the store is paid again', async () => {
    const { paid, free, storeId, p, f } = await subscribedStore();
    const bystander = await subscribedStore('bystander-');

    // Paid for one more second: the sweep notices the lapse.
    await recordStorePayment(target, admin, storeId, fromNow(1000));
    await waitUntilHeard(p, 'app/suspended');
    await waitUntilHeard(f, 'app/suspended');
    for (const api of [paid, free]) expect((await api.get('/products')).status).toBe(402);

    expect((await recordStorePayment(target, admin, storeId, fromNow(30 * DAY))).errors).toBeUndefined();
    await waitUntilHeard(p, 'app/resumed');
    await waitUntilHeard(f, 'app/resumed');
    // One more change so that anything still owed has had its turn before counting.
    const product = (await free.write('POST', '/products', { name: 'Yerba' })).body;
    await waitUntilHeard(p, `product/created ${product.id}`);
    await waitUntilHeard(f, `product/created ${product.id}`);
    expect(heardBy(p)).toEqual(['app/suspended', 'app/resumed', `product/created ${product.id}`]);
    expect(heardBy(f)).toEqual(['app/suspended', 'app/resumed', `product/created ${product.id}`]);
    expect([heardBy(bystander.p), heardBy(bystander.f)]).toEqual([[], []]);
  });
});
