import { LockMode, type EntityManager, type FindOneOptions } from '@mikro-orm/core';
import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';

/**
 * Find options that lock the row for the rest of the transaction. SQLite has no row locks, and
 * needs none: its single connection already runs transactions one at a time.
 */
export function forUpdate<T extends object>(em: EntityManager): FindOneOptions<T> {
  return em.getDriver() instanceof BetterSqliteDriver ? {} : { lockMode: LockMode.PESSIMISTIC_WRITE };
}
