import { sqlEntityManager, type DomainOrm } from '../../../../lib/db';
import { createLogger } from '../../../../lib/logging';
import { createScratchDomainDatabase, TEST_DIALECTS, type ScratchDomainDatabase } from '../../../../test/support/scratch-domain-database';
import { App, Installation, Store, Webhook, WebhookDelivery } from '../../entities';
import { storeSubgraph } from '../../store.subgraph';
import { BillingSweep } from './billing-sweep';
import type { SuspensionChange } from './suspension-changes';

const logger = createLogger('test', 'silent');
const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

/**
 * The sweep on a real database, run by two "instances" (each its own ORM and pool) at once: each
 * suspension and each resumption is recorded once and queued in the outbox once, for the affected
 * installations only.
 */
describe.each(TEST_DIALECTS)('billing sweep [%s]', (dialect) => {
  let database: ScratchDomainDatabase;
  let instances: DomainOrm[];
  /** What the sweeps report once their transactions committed. */
  const reported: SuspensionChange[] = [];

  beforeAll(async () => {
    database = await createScratchDomainDatabase(storeSubgraph.database!, dialect);
    const first = await database.open();
    // PostgreSQL: each instance its own ORM and pool, as separate processes would have. SQLite
    // serves one process through one connection: a second connection in this process would
    // block the thread on the first one's open transaction.
    instances = [first, dialect === 'postgresql' ? await database.open() : first];
  });
  afterAll(() => database.drop());

  async function sweepEverywhere(): Promise<SuspensionChange[]> {
    const passes = await Promise.all(instances.flatMap((orm) => [new BillingSweep(orm, 1000, logger), new BillingSweep(orm, 1000, logger)]).map((sweep) => sweep.sweep()));
    const changes = passes.flat();
    reported.push(...changes);
    return changes;
  }

  async function storeWith(paidUntil: Date, installs: Array<Date | null>): Promise<{ store: Store; installations: Installation[] }> {
    const em = instances[0].em.fork();
    const store = new Store({ name: 'S', ownerId: 'usr-owner', languages: ['es'], mainLanguage: 'es', paidUntil });
    await em.persistAndFlush(store);
    const installations: Installation[] = [];
    for (const paid of installs) {
      const app = new App({ name: 'A', developerId: 'usr-dev', clientSecretSeed: 's', clientSecretHash: 'h', redirectUrl: 'https://a.example/cb', scopes: 'read_products', monthlyPriceCents: paid ? 500 : 0 });
      await em.persistAndFlush(app);
      const installation = new Installation({ storeId: store.id, appId: app.id, tokenHash: `${store.id}-${app.id}-${Math.random()}`, scopes: 'read_products', paidUntil: paid });
      const hooks = ['app/suspended', 'app/resumed'].map((event) => new Webhook({ storeId: store.id, appId: app.id, event, url: `https://hooks.example/${app.id}` }));
      await em.persistAndFlush([installation, ...hooks]);
      installations.push(installation);
    }
    return { store, installations };
  }

  /** The events the sweeps reported for the installation, checked against the outbox rows queued for its app. */
  async function eventsOf(installation: Installation): Promise<string[]> {
    const events = reported.filter((change) => change.installationId === installation.id).map((change) => change.event);
    const queued = await instances[0].em.fork().find(WebhookDelivery, { storeId: installation.storeId, appId: installation.appId }, { orderBy: { id: 'asc' } });
    expect(queued.map((delivery) => delivery.event)).toEqual(events);
    return events;
  }

  it('announces a lapsed paid app once, leaves the free app of that store alone, and announces its payment once', async () => {
    const { store, installations: [paid, free] } = await storeWith(at(HOUR), [at(-1000), null]);
    await sweepEverywhere();
    await sweepEverywhere();
    expect(await eventsOf(paid)).toEqual(['app/suspended']);
    expect(await eventsOf(free)).toEqual([]);

    const em = sqlEntityManager(instances[1].em.fork());
    expect(await em.findOneOrFail(Installation, { id: paid.id })).toMatchObject({ suspendedSince: expect.any(Date) });
    expect(await em.findOneOrFail(Store, { id: store.id })).toMatchObject({ suspendedSince: null });
    await em.nativeUpdate(Installation, { id: paid.id }, { paidUntil: at(HOUR) });
    await sweepEverywhere();
    await sweepEverywhere();
    expect(await eventsOf(paid)).toEqual(['app/suspended', 'app/resumed']);
    expect(await eventsOf(free)).toEqual([]);
  });

  it('announces every app of a lapsed store once, and resumes only those whose own payment holds', async () => {
    const { store, installations: [free, paid, unpaid] } = await storeWith(at(-1000), [null, at(HOUR), at(HOUR)]);
    await sweepEverywhere();
    expect([await eventsOf(free), await eventsOf(paid), await eventsOf(unpaid)]).toEqual([['app/suspended'], ['app/suspended'], ['app/suspended']]);

    const em = sqlEntityManager(instances[0].em.fork());
    await em.nativeUpdate(Installation, { id: unpaid.id }, { paidUntil: at(-1000) });
    await em.nativeUpdate(Store, { id: store.id }, { paidUntil: at(HOUR) });
    await sweepEverywhere();
    await sweepEverywhere();
    expect([await eventsOf(free), await eventsOf(paid), await eventsOf(unpaid)]).toEqual([['app/suspended', 'app/resumed'], ['app/suspended', 'app/resumed'], ['app/suspended']]);
    expect(await em.findOneOrFail(Store, { id: store.id }, { refresh: true })).toMatchObject({ suspendedSince: null });
  });

  it('finds nothing to do when every record matches its paid time', async () => {
    await storeWith(at(HOUR), [null, at(HOUR)]);
    await sweepEverywhere();
    expect(await sweepEverywhere()).toEqual([]);
  });
});
