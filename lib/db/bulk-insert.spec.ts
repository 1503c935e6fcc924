import { randomUUID } from 'node:crypto';
import { UsageEvent } from '../../subgraphs/guard/entities';
import { guardDatabase } from '../../subgraphs/guard/guard-database';
import { scratchOrmForSuite, TEST_DIALECTS } from '../../test/support/scratch-domain-database';
import { BulkInsert } from './bulk-insert';
import { sqlEntityManager } from './sql-entity-manager';

const events = new BulkInsert(UsageEvent, { skipConflictsOn: ['organisationId', 'eventId'], returning: 'id' });

function event(organisationId: string, eventId: string, extra: Partial<UsageEvent> = {}): UsageEvent {
  return {
    id: randomUUID(),
    organisationId,
    eventId,
    type: 'llm_call',
    workflowId: null,
    traceId: null,
    spanId: null,
    toolName: null,
    model: null,
    tokens: 0,
    inputTokens: 0,
    outputTokens: 0,
    costMicrocents: 0,
    latencyMs: null,
    durationMs: null,
    isRetry: false,
    metadata: null,
    receivedAt: new Date('2030-01-02T03:04:05.678Z'),
    ...extra,
  };
}

describe.each(TEST_DIALECTS)('BulkInsert [%s]', (dialect) => {
  const ormOf = scratchOrmForSuite(guardDatabase, dialect);
  const stored = (organisationId: string) => ormOf().em.fork().find(UsageEvent, { organisationId }, { orderBy: { eventId: 'asc' } });

  it('writes every column as the entity reads it back: text with quotes, big money, booleans, dates, JSON and nulls', async () => {
    const full = event('org-columns', 'full', {
      workflowId: 'wf-1',
      traceId: `it's "quoted", {braced} \\ and ünïcode`,
      spanId: 'span',
      toolName: 'search',
      model: 'gpt-4o',
      tokens: 1500,
      inputTokens: 1000,
      outputTokens: 500,
      costMicrocents: 9_007_199_254_740_000,
      latencyMs: 350,
      durationMs: 12,
      isRetry: true,
      metadata: { nested: { list: [1, 'two', null] }, quote: `"'` },
    });
    const bare = event('org-columns', 'bare');
    const inserted = await events.insert(ormOf().em.fork(), [full, bare]);
    expect(inserted.sort()).toEqual([full.id, bare.id].sort());
    const [readBare, readFull] = await stored('org-columns');
    expect({ ...readFull }).toEqual(full);
    expect({ ...readBare }).toEqual(bare);
  });

  it('skips a row whose unique key exists (in the table or earlier in the batch) and answers only what it inserted', async () => {
    const first = event('org-repeat', 'one');
    expect(await events.insert(ormOf().em.fork(), [first])).toEqual([first.id]);
    const again = event('org-repeat', 'one');
    const fresh = event('org-repeat', 'two');
    const twice = event('org-repeat', 'two');
    const inserted = await events.insert(ormOf().em.fork(), [again, fresh, twice]);
    expect(inserted).toEqual([fresh.id]);
    expect((await stored('org-repeat')).map((row) => row.id)).toEqual([first.id, fresh.id]);
  });

  it('writes a batch of any size inside the caller’s transaction: a rollback leaves nothing', async () => {
    const many = Array.from({ length: 1200 }, (_, index) => event('org-many', `event-${String(index).padStart(4, '0')}`));
    await expect(
      sqlEntityManager(ormOf().em.fork()).transactional(async (tx) => {
        expect(await events.insert(tx, many)).toHaveLength(1200);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await stored('org-many')).toEqual([]);
    const committed = await sqlEntityManager(ormOf().em.fork()).transactional((tx) => events.insert(tx, many));
    expect(committed).toHaveLength(1200);
    expect(await ormOf().em.fork().count(UsageEvent, { organisationId: 'org-many' })).toBe(1200);
  });

  it('writes all of a batch or none of it: a bad row after the first statement’s rows leaves nothing', async () => {
    // 300 rows: on SQLite, statements of 256, 32, 8 and 4 rows; the bad row is in the second.
    const rows = Array.from({ length: 300 }, (_, index) => event('org-atomic', `event-${index}`));
    rows[270] = { ...rows[270], type: null as unknown as string };
    // By its message: better-sqlite3 makes its errors with the class of the first test file that
    // loaded it in this worker, which is no `Error` of this file's realm.
    await expect(events.insert(ormOf().em.fork(), rows)).rejects.toMatchObject({ message: expect.stringMatching(/not[- ]null/i) });
    expect(await ormOf().em.fork().count(UsageEvent, { organisationId: 'org-atomic' })).toBe(0);
    rows[270] = event('org-atomic', 'event-270');
    const inserted = await events.insert(ormOf().em.fork(), rows);
    expect(inserted).toEqual(rows.map((row) => row.id));
  });

  it('answers nothing for an empty batch', async () => {
    expect(await events.insert(ormOf().em.fork(), [])).toEqual([]);
  });
});
