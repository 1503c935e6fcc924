import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A row whose update, first in a transaction, makes every other instance doing the same wait:
 * a row lock on PostgreSQL, the database's write lock on SQLite. The deferred apply and the
 * upgrades take it, so one instance changes module tables at a time.
 */
@Entity({ tableName: 'installer_locks' })
export class InstallerLock {
  @PrimaryKey({ length: 40 })
  name: string;

  @Property({ length: 100, nullable: true })
  holder?: string;

  @Property({ type: 'datetime', nullable: true })
  takenAt?: Date;

  constructor(name: string) {
    this.name = name;
  }
}
