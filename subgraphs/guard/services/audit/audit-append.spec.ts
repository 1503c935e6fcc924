import { randomUUID } from 'node:crypto';
import { verifyAuditExport } from '../../../../lib/audit-chain';
import { inDriverTransaction } from '../../../../lib/db';
import { createLogger } from '../../../../lib/logging';
import { createScratchDomainDatabase, TEST_DIALECTS, type ScratchDomainDatabase } from '../../../../test/support/scratch-domain-database';
import { AuditHead, AuditRecord, Reservation } from '../../entities';
import { guardDatabase } from '../../guard-database';
import { ReservationWriter } from '../budget/reservation-writer';
import type { OrganisationAccess } from '../callers/organisation-access';
import { appendAudit, appendAuditIn, type AuditEntry } from './audit-append';
import { AuditReads } from './audit-reads';

const entry = (organisationId: string, action: string, details: Record<string, unknown> = {}): AuditEntry => ({ organisationId, actor: 'system', action, workflowId: 'wf-audit', details });
const allowed: OrganisationAccess = { requireRead: async () => undefined } as unknown as OrganisationAccess;

describe.each(TEST_DIALECTS)('appending to the audit trail [%s]', (dialect) => {
  let database: ScratchDomainDatabase;
  let orms: Awaited<ReturnType<ScratchDomainDatabase['open']>>[];

  beforeAll(async () => {
    database = await createScratchDomainDatabase(guardDatabase, dialect);
    // Two "replicas" on one database (PostgreSQL); SQLite's replicas are processes of their own (the hardening spec).
    orms = dialect === 'postgresql' ? [await database.open(), await database.open()] : [await database.open()];
  });
  afterAll(() => database?.drop());

  const exported = async (organisationId: string) => (await new AuditReads(orms[0].em.fork(), allowed).exportPage(organisationId, 0, 5000)).jsonl;

  it('chains each organisation on its own from the genesis, whatever order the entries of a batch come in', async () => {
    const [one, two] = [`org-a-${randomUUID()}`, `org-b-${randomUUID()}`];
    const em = orms[0].em.fork();
    await appendAudit(em, [entry(two, 'workflow.create'), entry(one, 'workflow.create', { budgetCents: 5 }), entry(two, 'workflow.pause', { reason: 'ü "q"' })]);
    await appendAudit(em, [entry(one, 'workflow.kill')]);
    for (const [organisationId, actions] of [[one, ['workflow.create', 'workflow.kill']], [two, ['workflow.create', 'workflow.pause']]] as const) {
      const jsonl = await exported(organisationId);
      expect(verifyAuditExport(jsonl)).toMatchObject({ ok: true, records: 2, firstSeq: 1, lastSeq: 2, organisationId });
      expect(jsonl.trim().split('\n').map((line) => JSON.parse(line).action)).toEqual(actions);
      const head = await orms[0].em.fork().findOneOrFail(AuditHead, { organisationId });
      expect(head).toMatchObject({ seq: 2, hash: JSON.parse(jsonl.trim().split('\n')[1]).hash });
    }
  });

  it('writes nothing, not even a head, when the transaction it is in rolls back', async () => {
    const organisationId = `org-rollback-${randomUUID()}`;
    await appendAudit(orms[0].em.fork(), [entry(organisationId, 'workflow.create')]);
    await expect(
      orms[0].em.fork().transactional(async (em) => {
        await appendAudit(em, [entry(organisationId, 'workflow.pause')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const fresh = `org-rollback-fresh-${randomUUID()}`;
    await expect(inDriverTransaction(orms[0].em.fork(), async (tx) => {
      await appendAuditIn(tx, orms[0].em.fork(), [entry(fresh, 'workflow.create')]);
      throw new Error('the batch failed');
    })).rejects.toThrow('the batch failed');
    const em = orms[0].em.fork();
    expect(await em.count(AuditRecord, { organisationId })).toBe(1);
    expect(await em.findOneOrFail(AuditHead, { organisationId })).toMatchObject({ seq: 1 });
    expect(await em.count(AuditRecord, { organisationId: fresh })).toBe(0);
    expect(await em.count(AuditHead, { organisationId: fresh })).toBe(0);
  });

  it('chains after the committed head, not the one a rolled-back batch left this instance guessing, even when another instance took that seq', async () => {
    const organisationId = `org-guess-${randomUUID()}`;
    const other = orms[1] ?? (await database.open());
    await appendAudit(orms[0].em.fork(), [entry(organisationId, 'workflow.create')]);
    await expect(inDriverTransaction(orms[0].em.fork(), async (tx) => {
      await appendAuditIn(tx, orms[0].em.fork(), [entry(organisationId, 'workflow.pause')]);
      throw new Error('the batch failed');
    })).rejects.toThrow('the batch failed');
    await appendAudit(other.em.fork(), [entry(organisationId, 'workflow.resume')]);
    await appendAudit(orms[0].em.fork(), [entry(organisationId, 'workflow.kill')]);
    await appendAudit(other.em.fork(), [entry(organisationId, 'workflow.budget')]);
    const jsonl = await exported(organisationId);
    expect(verifyAuditExport(jsonl)).toMatchObject({ ok: true, records: 4, firstSeq: 1, lastSeq: 4 });
    expect(jsonl.trim().split('\n').map((line) => JSON.parse(line).action)).toEqual(['workflow.create', 'workflow.resume', 'workflow.kill', 'workflow.budget']);
  });

  it('keeps one chain when writers on every instance append at once: gate decisions with their reservations, and control actions', async () => {
    const organisationId = `org-many-${randomUUID()}`;
    const writers = orms.map((orm) => new ReservationWriter(orm, createLogger('test', 'silent'), { lingerMs: 1, batchSize: 7 }));
    const reservationIds: string[] = [];
    const work: Array<Promise<void>> = [];
    for (let call = 0; call < 60; call++) {
      const writer = writers[call % writers.length];
      const id = randomUUID();
      reservationIds.push(id);
      writer.add(
        { id, organisationId, workflowId: 'wf-audit', leaseId: 'lease', executionId: null, projectedMicrocents: 1000, createdAt: new Date() },
        { ...entry(organisationId, 'gate.allow', { reservationId: id }), actor: 'key:k' },
      );
      if (call % 10 === 0) work.push(orms[call % orms.length].em.fork().transactional((em) => appendAudit(em, [entry(organisationId, 'workflow.budget', { call })])));
      if (call % 20 === 19) work.push(...writers.map((one) => one.flush()));
    }
    await Promise.all([...work, ...writers.map((writer) => writer.flush())]);
    const jsonl = await exported(organisationId);
    expect(verifyAuditExport(jsonl)).toMatchObject({ ok: true, records: 66, firstSeq: 1, lastSeq: 66 });
    const records = jsonl.trim().split('\n').map((line) => JSON.parse(line));
    expect(records.filter((record) => record.action === 'gate.allow').map((record) => record.details.reservationId).sort()).toEqual([...reservationIds].sort());
    expect(await orms[0].em.fork().count(Reservation, { id: { $in: reservationIds } })).toBe(60);
  });
});
