import { createLogger } from '../../../../lib/logging';
import { scratchOrmForSuite, TEST_DIALECTS } from '../../../../test/support/scratch-domain-database';
import { ToolAction, ToolRule, Workflow } from '../../entities';
import { guardDatabase } from '../../guard-database';
import { WorkflowCache } from './workflow-cache';

const logger = createLogger('test', 'silent');

/**
 * The gate's view of workflows against a real database: callers arriving together share one
 * read, and a change announced while a read is in flight is never covered by that older read.
 */
describe.each(TEST_DIALECTS)('workflow cache [%s]', (dialect) => {
  const ormOf = scratchOrmForSuite(guardDatabase, dialect);

  async function newWorkflow(organisationId = 'org-cache', name = `wf-${Math.random().toString(36).slice(2)}`): Promise<Workflow> {
    const workflow = new Workflow(organisationId, name, 100);
    await ormOf().em.fork().persistAndFlush(workflow);
    return workflow;
  }

  it('reads a cold workflow once for every caller asking at once, by id or by name', async () => {
    const workflow = await newWorkflow();
    const cache = new WorkflowCache(ormOf(), logger);
    const byId = await Promise.all(Array.from({ length: 20 }, () => cache.get(workflow.id, workflow.organisationId)));
    // One read makes one snapshot object; a second read would have made another.
    expect(new Set(byId).size).toBe(1);
    expect(byId[0]).toMatchObject({ id: workflow.id, budgetCents: 100, rules: [] });

    const named = await newWorkflow();
    const byName = await Promise.all(Array.from({ length: 20 }, () => cache.resolve(named.organisationId, named.name)));
    expect(new Set(byName).size).toBe(1);
    expect(byName[0]?.id).toBe(named.id);
  });

  it('never serves a read that was in flight when a change was announced', async () => {
    const workflow = await newWorkflow();
    const cache = new WorkflowCache(ormOf(), logger);
    const inFlight = cache.get(workflow.id);
    const em = ormOf().em.fork();
    await em.nativeUpdate(Workflow, { id: workflow.id }, { budgetCents: 700, version: 2 });
    await em.persistAndFlush(new ToolRule(workflow.id, 'send_*', ToolAction.block));
    cache.invalidate(workflow.id);

    const afterChange = await cache.get(workflow.id);
    await inFlight;
    expect(afterChange).toMatchObject({ budgetCents: 700, version: 2 });
    expect(afterChange?.rules.map(({ pattern, action }) => ({ pattern, action }))).toEqual([{ pattern: 'send_*', action: ToolAction.block }]);
    expect(await cache.get(workflow.id)).toBe(afterChange);
  });

  it('ends on the last committed change when reads and changes interleave', async () => {
    const workflow = await newWorkflow();
    const cache = new WorkflowCache(ormOf(), logger);
    const seen: Array<Promise<unknown>> = [];
    for (let version = 2; version <= 12; version++) {
      for (let reader = 0; reader < 4; reader++) seen.push(cache.get(workflow.id).then((snapshot) => snapshot?.version));
      await ormOf().em.fork().nativeUpdate(Workflow, { id: workflow.id }, { budgetCents: version * 100, version });
      cache.invalidate(workflow.id);
    }
    const versions = (await Promise.all(seen)) as number[];
    // Every answer is a version that was committed at some point, and none is newer than the last.
    expect(versions.every((version) => version >= 1 && version <= 12)).toBe(true);
    expect(await cache.get(workflow.id)).toMatchObject({ version: 12, budgetCents: 1200 });
  });

  it('believes a miss briefly, but finds a new workflow as soon as its change is announced', async () => {
    const cache = new WorkflowCache(ormOf(), logger);
    const name = `late-${Math.random().toString(36).slice(2)}`;
    expect(await cache.resolve('org-cache', name)).toBeUndefined();
    const created = await newWorkflow('org-cache', name);
    expect(await cache.resolve('org-cache', name)).toBeUndefined();
    cache.invalidate(created.id);
    expect((await cache.resolve('org-cache', name))?.id).toBe(created.id);
  });

  it('keeps an organisation’s workflows from another organisation', async () => {
    const workflow = await newWorkflow('org-owner');
    const cache = new WorkflowCache(ormOf(), logger);
    expect(await cache.get(workflow.id, 'org-someone-else')).toBeUndefined();
    expect(await cache.resolve('org-someone-else', workflow.name)).toBeUndefined();
    expect((await cache.get(workflow.id, 'org-owner'))?.id).toBe(workflow.id);
  });
});
