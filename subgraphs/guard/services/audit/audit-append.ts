import type { EntityManager } from '@mikro-orm/core';
import { auditRecordHashOf, canonicalJson } from '../../../../lib/audit-chain';
import { BulkInsert, inDriverTransaction, type DriverTransaction } from '../../../../lib/db';
import { AuditRecord } from '../../entities';
import { advanceHead, type ChainHead } from './audit-head';

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

/** A record whose seq is taken fails the insert: the head handed the seqs out under its lock, so that would be a lost link. */
const newRecords = new BulkInsert(AuditRecord, {});

/**
 * Appends entries to their organisations' chains, inside the caller's transaction (`em` must be
 * one), so a record exists exactly when the change it records committed.
 */
export function appendAudit(em: EntityManager, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return Promise.resolve();
  return inDriverTransaction(em, (tx) => appendAuditIn(tx, em, entries));
}

/**
 * The same, in a driver transaction (`em` names the database). Per organisation, the head is
 * moved on by the number of entries first (`advanceHead`: the lock that makes appenders take
 * turns), then the records go in, in one INSERT; one whose seq is taken fails the transaction
 * rather than lose a link. Organisations are taken in id order, so two batches spanning the
 * same ones cannot deadlock.
 */
export async function appendAuditIn(tx: DriverTransaction, em: EntityManager, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const byOrganisation = new Map<string, AuditEntry[]>();
  for (const entry of entries) {
    const list = byOrganisation.get(entry.organisationId);
    if (list) list.push(entry);
    else byOrganisation.set(entry.organisationId, [entry]);
  }
  const organisations = byOrganisation.size === 1 ? byOrganisation.keys() : [...byOrganisation.keys()].sort();
  for (const organisationId of organisations) {
    const batch = byOrganisation.get(organisationId)!;
    let rows: AuditRow[] = [];
    await advanceHead(tx, em, organisationId, batch.length, (before) => {
      rows = chained(organisationId, batch, before);
      const last = rows[rows.length - 1]!;
      return { seq: last.seq, hash: last.hash };
    });
    await newRecords.insertIn(tx, em, rows);
  }
}

type AuditRow = ReturnType<typeof chained>[number];

/** The records of one organisation's entries, in order, chained after `before`. */
function chained(organisationId: string, batch: readonly AuditEntry[], before: ChainHead) {
  let { seq, hash: prevHash } = before;
  return batch.map((entry) => {
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
}
