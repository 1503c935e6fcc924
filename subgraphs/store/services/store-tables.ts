import type { EntityClass } from '@mikro-orm/core';
import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import type { Knex } from '@mikro-orm/knex';
import type { SqlEntityManager } from '../../../lib/db';

/**
 * An entity's table for knex statements the query builder cannot express (INSERT … SELECT),
 * qualified with the subgraph's PostgreSQL schema when there is one.
 */
export function tableOf(em: SqlEntityManager, entity: EntityClass<unknown>): string {
  const meta = em.getMetadata().get(entity.name);
  const schema = meta.schema ?? em.config.get('schema');
  return schema ? `${schema}.${meta.tableName}` : meta.tableName;
}

/** The knex of the request's EntityManager, inside its transaction when it has one. */
export function knexOf(em: SqlEntityManager): Knex {
  return em.getTransactionContext<Knex.Transaction>() ?? em.getKnex();
}

/**
 * A value for a knex binding as the entity layer would store it: SQLite keeps dates as epoch
 * milliseconds and booleans as 0/1 (its driver binds neither Date nor boolean).
 */
export function sqlValue(em: SqlEntityManager, value: Date | boolean | number | string): unknown {
  if (value instanceof Date) return em.getPlatform().processDateProperty(value);
  if (typeof value === 'boolean' && em.getDriver() instanceof BetterSqliteDriver) return value ? 1 : 0;
  return value;
}
