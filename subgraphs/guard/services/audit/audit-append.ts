import { raw, type EntityManager } from '@mikro-orm/core';
import { auditRecordHash, canonicalJson, GENESIS_HASH, type AuditRecordFields } from '../../../../lib/audit-chain';
import { BulkInsert, newTimeOrderedId, sqlEntityManager, type SqlEntityManager } from '../../../../lib/db';
import { AuditHead, AuditRecord } from '../../entities';

/** Something to put on record: a decision or a control action, and who made it when. */
export interface AuditEntry {
  organisationId: string;
  /** `user:<id>`, `key:<id>` or `system`. */
  actor: string;
  action: string;
  workflowId?: string | null;
  subject?: string | null;
  details?: Record<string, unknown>;
  /** When it happened; now when left out. */
  at?: Date;
}

const newRecords = new BulkInsert(AuditRecord, { skipConflictsOn: ['id'], returning: 'id' });

/**
 * Appends entries to their organisations' chains, inside the caller's transaction (`em` must be
 * one), so a record exists exactly when the change it records committed. Per organisation, the
 * head row is bumped by the number of entries first: that UPDATE holds the row lock (PostgreSQL)
 * or the write lock (SQLite) until the transaction ends, so two replicas appending take turns
 * and each gets its own run of seqs after the other's hash. Organisations are taken in id order,
 * so two batches spanning the same organisations cannot deadlock.
 */
export async function appendAudit(em: EntityManager, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const sqlEm = sqlEntityManager(em);
  const byOrganisation = new Map<string, AuditEntry[]>();
  for (const entry of entries) {
    const list = byOrganisation.get(entry.organisationId);
    if (list) list.push(entry);
    else byOrganisation.set(entry.organisationId, [entry]);
  }
  for (const organisationId of [...byOrganisation.keys()].sort()) {
    const batch = byOrganisation.get(organisationId)!;
    const head = await takeSeqs(sqlEm, organisationId, batch.length);
    let prevHash = head.hash;
    let seq = head.seq - batch.length;
    const rows = batch.map((entry) => {
      const fields: AuditRecordFields = {
        organisationId,
        seq: ++seq,
        at: (entry.at ?? new Date()).toISOString(),
        actor: entry.actor,
        action: entry.action,
        workflowId: entry.workflowId ?? null,
        subject: entry.subject ?? null,
        details: entry.details ?? {},
        prevHash,
      };
      prevHash = auditRecordHash(fields);
      return { ...fields, id: newTimeOrderedId(), details: canonicalJson(fields.details), hash: prevHash };
    });
    await newRecords.insert(em, rows);
    await sqlEm.createQueryBuilder(AuditHead).update({ hash: prevHash }).where({ organisationId }).execute('run');
  }
}

/** Bumps the organisation's head by `count` (making it if need be); answers the new seq and the hash before. */
async function takeSeqs(em: SqlEntityManager, organisationId: string, count: number): Promise<{ seq: number; hash: string }> {
  const bump = () => em.createQueryBuilder(AuditHead).update({ seq: raw('seq + ?', [count]) }).where({ organisationId }).execute('run');
  if ((await bump()).affectedRows !== 1) {
    await em.createQueryBuilder(AuditHead).insert({ organisationId, seq: 0, hash: GENESIS_HASH }).onConflict('organisationId').ignore().execute('run');
    await bump();
  }
  const rows = await em.createQueryBuilder(AuditHead).select(['seq', 'hash']).where({ organisationId }).execute<Array<{ seq: number; hash: string }>>('all', true);
  return { seq: Number(rows[0].seq), hash: rows[0].hash };
}
