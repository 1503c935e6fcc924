import { wrap } from '@mikro-orm/core';
import { scratchOrmForSuite, TEST_DIALECTS } from '../../../../test/support/scratch-domain-database';
import { Workflow, WorkflowState } from '../../entities';
import { guardDatabase } from '../../guard-database';
import { readWorkflowsOf } from './workflow-reads';

describe.each(TEST_DIALECTS)('workflow reads [%s]', (dialect) => {
  const ormOf = scratchOrmForSuite(guardDatabase, dialect);

  it('gives the rows an entity read gives, values typed alike (money as numbers, dates, nulls), oldest first', async () => {
    const paused = new Workflow('org-reads', 'paused', 9_007_199_254);
    Object.assign(paused, { state: WorkflowState.Paused, reason: 'night', resumeAfter: new Date('2030-01-02T03:04:05.678Z'), spentMicrocents: 123_456_789, heldMicrocents: 42 });
    const plain = new Workflow('org-reads', 'plain', 100);
    plain.createdAt = new Date(paused.createdAt.getTime() + 1000);
    await ormOf().em.fork().persistAndFlush([paused, plain, new Workflow('org-other', 'elsewhere', 5)]);

    const rows = await readWorkflowsOf(ormOf().em.fork(), 'org-reads', null);
    const entities = await ormOf().em.fork().find(Workflow, { organisationId: 'org-reads' }, { orderBy: { createdAt: 'asc' } });
    expect(rows).toEqual(entities.map((entity) => ({ ...wrap(entity).toObject() })));
    expect(rows.map((row) => row.name)).toEqual(['paused', 'plain']);
    expect(rows[0]).toMatchObject({ budgetCents: 9_007_199_254, spentMicrocents: 123_456_789, heldMicrocents: 42, resumeAfter: new Date('2030-01-02T03:04:05.678Z'), reason: 'night' });
    expect(rows[1]).toMatchObject({ reason: null, resumeAfter: null, state: WorkflowState.Normal });
  });

  it('gives a bound reader its one workflow only', async () => {
    const [first] = await readWorkflowsOf(ormOf().em.fork(), 'org-reads', null);
    expect((await readWorkflowsOf(ormOf().em.fork(), 'org-reads', first.id)).map((row) => row.id)).toEqual([first.id]);
    expect(await readWorkflowsOf(ormOf().em.fork(), 'org-other', first.id)).toEqual([]);
  });

  it('reads only the properties asked for, in the same order, for every reader and a bound one', async () => {
    const full = await readWorkflowsOf(ormOf().em.fork(), 'org-reads', null);
    const narrow = await readWorkflowsOf(ormOf().em.fork(), 'org-reads', null, ['id', 'name']);
    expect(narrow).toEqual(full.map(({ id, name }) => ({ id, name })));
    expect(await readWorkflowsOf(ormOf().em.fork(), 'org-reads', full[1].id, ['name'])).toEqual([{ name: full[1].name }]);
  });
});
