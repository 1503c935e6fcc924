import { setTimeout as sleep } from 'node:timers/promises';
import type { DomainOrm } from '../../../../lib/db';
import { createLogger } from '../../../../lib/logging';
import { createScratchDomainDatabase, TEST_DIALECTS, type ScratchDomainDatabase } from '../../../../test/support/scratch-domain-database';
import { BudgetLease, MICROCENTS_PER_CENT, Workflow } from '../../entities';
import { guardDatabase } from '../../guard-database';
import { WorkflowCache } from '../workflows/workflow-cache';
import { BudgetLedger } from './budget-ledger';
import { BudgetPools } from './budget-pools';

const logger = createLogger('test', 'silent');
const CENT = MICROCENTS_PER_CENT;

/** One guard instance as the runtime wires it: its own ORM, ledger, workflow cache and pools. */
interface Instance {
  holder: string;
  ledger: BudgetLedger;
  workflows: WorkflowCache;
  pools: BudgetPools;
}

/**
 * BudgetPools against a real database, several instances at once: money only moves by the
 * ledger's conditional SQL, so however the instances' calls interleave, they never admit more
 * than the budget, and what they admitted is exactly what stays held once leases go back.
 */
describe.each(TEST_DIALECTS)('budget pools [%s]', (dialect) => {
  let database: ScratchDomainDatabase;
  let orm: DomainOrm;
  let instances: Instance[];
  /** Relief asked for by the last shortage (pubsub `BudgetShortage` in the runtime). */
  let relief: Promise<unknown> = Promise.resolve();

  beforeAll(async () => {
    database = await createScratchDomainDatabase(guardDatabase, dialect);
    orm = await database.open();
    instances = [];
    for (const holder of ['instance-a', 'instance-b', 'instance-c']) {
      // PostgreSQL: each instance its own ORM and pool, as separate processes would have. SQLite
      // serves one process through one connection: a second connection in this process would
      // block the thread on the first one's open transaction.
      const instanceOrm = dialect === 'postgresql' ? await database.open() : orm;
      const ledger = new BudgetLedger(instanceOrm);
      const workflows = new WorkflowCache(instanceOrm, logger);
      const pools = new BudgetPools(
        ledger,
        holder,
        (totals) => workflows.patchTotals(totals),
        (workflowId) => {
          relief = Promise.all(instances.map((other) => other.pools.relieve(workflowId, holder)));
        },
        logger,
      );
      instances.push({ holder, ledger, workflows, pools });
    }
  });
  afterAll(async () => {
    for (const { pools } of instances) await pools.giveBackAll();
    await database.drop();
  });

  async function newWorkflow(budgetCents: number): Promise<string> {
    const workflow = new Workflow('org-pools', `wf-${Math.random().toString(36).slice(2)}`, budgetCents);
    await orm.em.fork().persistAndFlush(workflow);
    return workflow.id;
  }

  async function money(workflowId: string): Promise<{ budget: number; spent: number; held: number; openLeases: number }> {
    const em = orm.em.fork();
    const row = await em.findOneOrFail(Workflow, { id: workflowId });
    const openLeases = await em.count(BudgetLease, { workflowId, closedAt: null });
    return { budget: row.budgetCents * CENT, spent: row.spentMicrocents, held: row.heldMicrocents, openLeases };
  }

  /** `calls` reservations of `amount`, all in flight at once, spread over the instances. */
  async function burst(workflowId: string, calls: number, amount: number, among = instances): Promise<number> {
    const answers = await Promise.all(
      Array.from({ length: calls }, async (_, call) => {
        const instance = among[call % among.length];
        const snapshot = await instance.workflows.get(workflowId);
        return instance.pools.reserve(snapshot!, amount);
      }),
    );
    return answers.filter((lease) => lease !== undefined).length;
  }

  it('never admits more than the budget, whatever the instances do at once, and loses nothing', async () => {
    const workflowId = await newWorkflow(100);
    const admitted = await burst(workflowId, 240, CENT);
    await relief;

    expect(admitted).toBeGreaterThan(0);
    expect(admitted).toBeLessThanOrEqual(100);
    const during = await money(workflowId);
    expect(during.spent + during.held).toBeLessThanOrEqual(during.budget);

    for (const { pools } of instances) await pools.giveBackAll();
    // What is still held is exactly what was admitted: leases returned their unused part, no more, no less.
    expect(await money(workflowId)).toEqual({ budget: 100 * CENT, spent: 0, held: admitted * CENT, openLeases: 0 });
  });

  it('admits the whole budget when one instance asks for it call by call', async () => {
    const workflowId = await newWorkflow(40);
    const [only] = instances;
    const snapshot = await only.workflows.get(workflowId);
    let admitted = 0;
    while ((await only.pools.reserve(snapshot!, CENT)) !== undefined) admitted++;
    expect(admitted).toBe(40);
    await only.pools.giveBack(workflowId);
    expect(await money(workflowId)).toMatchObject({ held: 40 * CENT, openLeases: 0 });
  });

  it('gives leases back while calls reserve from them without losing or double-counting budget', async () => {
    const workflowId = await newWorkflow(60);
    const [only] = instances;
    const snapshot = await only.workflows.get(workflowId);
    const work = Array.from({ length: 90 }, (_, call) =>
      call % 7 === 0 ? only.pools.giveBack(workflowId).then(() => false) : only.pools.reserve(snapshot!, CENT).then((lease) => lease !== undefined),
    );
    const admitted = (await Promise.all(work)).filter(Boolean).length;
    await only.pools.giveBack(workflowId);

    expect(admitted).toBeLessThanOrEqual(60);
    expect(await money(workflowId)).toMatchObject({ spent: 0, held: admitted * CENT, openLeases: 0 });
  });

  it('lets an instance that runs short get the unused leases of the others back', async () => {
    const workflowId = await newWorkflow(100);
    const [a, b] = instances;
    expect(await burst(workflowId, 1, CENT, [a])).toBe(1);
    expect(a.pools.unusedOf(workflowId)).toBeGreaterThan(0);

    // 80 cents: more than A's lease left free, so B's first try is refused and asks for relief.
    const first = await b.pools.reserve((await b.workflows.get(workflowId))!, 80 * CENT);
    expect(first).toBeUndefined();
    await relief;
    expect(a.pools.unusedOf(workflowId)).toBe(0);

    // B refuses from memory for a short while after a refusal; then the database has room again.
    await sleep(400);
    const second = await b.pools.reserve((await b.workflows.get(workflowId))!, 80 * CENT);
    expect(second).toBeDefined();
    await b.pools.giveBack(workflowId);
    expect(await money(workflowId)).toMatchObject({ held: 81 * CENT, openLeases: 0 });
  });

  it('drops a lease another instance reclaimed, and takes a fresh one for the next call', async () => {
    const workflowId = await newWorkflow(100);
    const [a, b] = instances;
    const snapshot = await a.workflows.get(workflowId);
    const first = await a.pools.reserve(snapshot!, CENT);
    expect(first).toBeDefined();

    // As if A had stopped renewing: any instance reclaims leases older than the cutoff.
    await b.ledger.reclaimAbandoned(new Date(Date.now() + 60_000));
    await a.pools.renew();
    expect(a.pools.unusedOf(workflowId)).toBe(0);

    const next = await a.pools.reserve((await a.workflows.get(workflowId))!, CENT);
    expect(next).toBeDefined();
    expect(next).not.toBe(first);
    await a.pools.giveBack(workflowId);
    expect(await money(workflowId)).toMatchObject({ openLeases: 0 });
  });
});
