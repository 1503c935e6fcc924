import type { Database, Statement } from 'better-sqlite3';
import type { Knex } from '@mikro-orm/knex';
import type { SqlEntityManager } from './sql-entity-manager';

/**
 * Prepared better-sqlite3 statements, kept per database handle and SQL text. knex's client
 * prepares every statement it runs again, which cost a read on a hot path more than running it
 * (7.5 % of the feed subgraph's CPU under a list load); a statement prepared once runs as is.
 * Keyed by the handle, so a reconnected database prepares its own.
 */
const prepared = new WeakMap<Database, Map<string, Statement>>();

/** A value as knex's better-sqlite3 client binds it: booleans as 1 or 0, dates as milliseconds. */
export function sqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return Number(value);
  if (value instanceof Date) return value.getTime();
  return value;
}

/**
 * Runs a statement that answers rows (a read, or a write with RETURNING; `?` placeholders) on SQLite with a statement prepared once, on the connection of
 * the request's transaction when it has one (knex's transaction client hands out its own), else
 * on the pool's; answers the rows as knex would.
 */
export async function allFromSqlite(em: SqlEntityManager, sql: string, params: readonly unknown[]): Promise<Array<Record<string, unknown>>> {
  const transaction = em.getTransactionContext<Knex.Transaction>();
  const client = (transaction ?? em.getConnection().getKnex()).client as Knex.Client;
  const database = (await client.acquireConnection()) as Database;
  try {
    let statements = prepared.get(database);
    if (!statements) prepared.set(database, (statements = new Map()));
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = database.prepare(sql)));
    return statement.all(...params.map(sqliteValue)) as Array<Record<string, unknown>>;
  } finally {
    await client.releaseConnection(database);
  }
}
