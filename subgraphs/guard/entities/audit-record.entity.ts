import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One link of an organisation's audit trail (see `lib/audit-chain` for the canonical form and
 * the hash). Written only by `AuditTrail`, in the transaction of what it records, never changed.
 * `at` and `details` are kept as the exact text that was hashed, so a record read back hashes the
 * same on every database (PostgreSQL would round a timestamp and reorder a jsonb object).
 */
@Entity({ tableName: 'audit_records' })
@Index({ properties: ['organisationId', 'workflowId', 'seq'] })
export class AuditRecord {
  /**
   * The key is the record's place in its chain, `(organisation, seq)`, and the table is stored
   * in that order (`WITHOUT ROWID` on SQLite): a record costs the table's b-tree and the
   * workflow index, nothing else (docs/decisions/guard-audit-indexes.md).
   */
  @PrimaryKey({ length: 64 })
  organisationId!: string;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  seq!: number;

  /** ISO 8601 UTC with milliseconds, as hashed. */
  @Property({ type: 'string', length: 30 })
  at!: string;

  @Property({ type: 'string', length: 100 })
  actor!: string;

  @Property({ type: 'string', length: 64 })
  action!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  workflowId!: string | null;

  @Property({ type: 'string', length: 300, nullable: true })
  subject!: string | null;

  /** The details object as canonical JSON text. */
  @Property({ type: 'text' })
  details!: string;

  @Property({ type: 'string', length: 64 })
  prevHash!: string;

  @Property({ type: 'string', length: 64 })
  hash!: string;
}
