import type { EntityManager } from '@mikro-orm/core';
import { auditRecordHashOf, canonicalJson, GENESIS_HASH } from '../../../../lib/audit-chain';
import { BulkInsert, inDriverTransaction, type DriverTransaction } from '../../../../lib/db';
import { AuditRecord } from '../../entities';
import { auditHeadStatements } from './audit-head-statements';

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

const newRecords = new BulkInsert(AuditRecord, { skipConflictsOn: ['organisationId', 'seq'], returning: 'seq' });

/**
 * Appends entries to their organisations' chains, inside the caller's transaction (`em` must be
 * one), so a record exists exactly when the change it records committed.
 */
export function appendAudit(em: EntityManager, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return Promise.resolve();
  return inDriverTransaction(em, (tx) => appendAuditIn(tx, em, entries));
}

/**
 * The same, in a driver transaction (`em` names the database). Per organisation, the head row
 * is bumped by the number of entries first, in one statement that answers the new seq and the
 * hash before: that UPDATE holds the row lock (PostgreSQL) or runs under the write lock (SQLite)
 * until the transaction ends, so two replicas appending take turns and each gets its own run
 * of seqs after the other's hash. Then the records, in one INSERT, and the head's new hash.
 * Organisations are taken in id order, so two batches spanning the same ones cannot deadlock.
 */
export async function appendAuditIn(tx: DriverTransaction, em: EntityManager, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const statements = auditHeadStatements(em);
  const byOrganisation = new Map<string, AuditEntry[]>();
  for (const entry of entries) {
    const list = byOrganisation.get(entry.organisationId);
    if (list) list.push(entry);
    else byOrganisation.set(entry.organisationId, [entry]);
  }
  const organisations = byOrganisation.size === 1 ? byOrganisation.keys() : [...byOrganisation.keys()].sort();
  for (const organisationId of organisations) {
    const batch = byOrganisation.get(organisationId)!;
    const head = await takeSeqs(tx, statements, organisationId, batch.length);
    let prevHash = head.hash;
    let seq = head.seq - batch.length;
    const rows = batch.map((entry) => {
      const details = canonicalJson(entry.details ?? {});
      const row = {
        organisationId,
        seq: ++seq,
        at: (entry.at ?? new Date()).toISOString(),
        actor: entry.actor,
        action: entry.action,
        workflowId: entry.workflowId ?? null,
        subject: entry.subject ?? null,
        details,
        prevHash,
        hash: '',
      };
      row.hash = prevHash = auditRecordHashOf(row, details);
      return row;
    });
    const inserted = await newRecords.insertIn(tx, em, rows);
    // The head handed these seqs out under its lock, so none can be taken; if one were, say so rather than lose a link.
    if (inserted.length !== rows.length) throw new Error(`audit chain of ${organisationId}: seqs ${rows[0]!.seq}-${seq} were already taken`);
    await tx.all(statements.setHash, [prevHash, organisationId]);
  }
}

/** Bumps the organisation's head by `count` (making it on its first record); answers the new seq and the hash before. */
async function takeSeqs(tx: DriverTransaction, statements: ReturnType<typeof auditHeadStatements>, organisationId: string, count: number): Promise<{ seq: number; hash: string }> {
  for (;;) {
    const [bumped] = await tx.all(statements.bump, [count, organisationId]);
    if (bumped) return { seq: Number(bumped.seq), hash: bumped.hash as string };
    // No head yet: this is the organisation's first record, unless another replica makes its head meanwhile (then bump that).
    const [made] = await tx.all(statements.create, [organisationId, count, GENESIS_HASH]);
    if (made) return { seq: Number(made.seq), hash: made.hash as string };
  }
}
