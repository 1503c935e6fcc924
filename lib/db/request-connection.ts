import type { EntityManager } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { sqlEntityManager } from './sql-entity-manager';

/**
 * Runs `use` on the driver's own connection (a better-sqlite3 database, a `pg` client) that a
 * query of `em` would run on: its transaction's when it has one (knex's transaction client hands
 * out its own), else one from the pool, given back afterwards.
 */
export async function onRequestConnection<Connection, Result>(em: EntityManager, use: (connection: Connection) => Result | Promise<Result>): Promise<Result> {
  const sqlEm = sqlEntityManager(em);
  const client = (sqlEm.getTransactionContext<Knex.Transaction>() ?? sqlEm.getConnection().getKnex()).client as Knex.Client;
  const connection = (await client.acquireConnection()) as Connection;
  try {
    return await use(connection);
  } finally {
    await client.releaseConnection(connection);
  }
}

/** A table as a statement names it: quoted, in the ORM's schema when it has one (PostgreSQL). */
export function qualifiedTable(em: EntityManager, table: string, schema: string | undefined = em.config.get('schema')): string {
  const platform = em.getPlatform();
  return schema ? `${platform.quoteIdentifier(schema)}.${platform.quoteIdentifier(table)}` : platform.quoteIdentifier(table);
}
