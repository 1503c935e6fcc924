import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';

export type { SqlEntityManager };

/**
 * The request's EntityManager with the SQL query builder: both dialects we run (SQLite and
 * PostgreSQL) use knex-based drivers, so every EntityManager the kit hands out is one.
 */
export function sqlEntityManager(em: EntityManager): SqlEntityManager {
  return em as SqlEntityManager;
}
