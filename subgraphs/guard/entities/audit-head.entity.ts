import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The end of an organisation's audit chain: its last seq and hash. Appending increments `seq`
 * first, which locks the row (PostgreSQL) or takes the database's write lock (SQLite) until the
 * transaction ends, so appenders on any replica take turns and the chain never forks.
 */
@Entity({ tableName: 'audit_heads' })
export class AuditHead {
  @PrimaryKey({ type: 'string', length: 64 })
  organisationId!: string;

  @Property({ type: 'integer' })
  seq!: number;

  @Property({ type: 'string', length: 64 })
  hash!: string;
}
