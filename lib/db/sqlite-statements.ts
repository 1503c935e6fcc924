import type { Database, Statement } from 'better-sqlite3';
import { onRequestConnection } from './request-connection';
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
 * Runs a statement that answers rows (a read, or a write with RETURNING; `?` placeholders) on
 * SQLite with a statement prepared once, on the request's connection (see onRequestConnection);
 * answers the rows as knex would.
 */
export function allFromSqlite(em: SqlEntityManager, sql: string, params: readonly unknown[]): Promise<Array<Record<string, unknown>>> {
  return onRequestConnection(em, (database: Database) => preparedOn(database, sql).all(...params.map(sqliteValue)) as Array<Record<string, unknown>>);
}

/** The statement for `sql` on `database`, prepared the first time it is asked for. */
export function preparedOn(database: Database, sql: string): Statement {
  let statements = prepared.get(database);
  if (!statements) prepared.set(database, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = database.prepare(sql)));
  return statement;
}
