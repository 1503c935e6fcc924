import type { EntityManager } from '@mikro-orm/core';
import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import { sqlEntityManager } from './sql-entity-manager';
import { allFromSqlite, valuesFromSqlite, type RowValues } from './sqlite-statements';

/**
 * Runs SQL built once (`?` placeholders, which MikroORM formats on PostgreSQL) on the request's
 * connection, in its transaction if it has one, and answers its rows as the database gives them:
 * on SQLite through a statement prepared once (see allFromSqlite). For hot reads whose SQL is
 * built ahead (see PreparedRead); no query builder runs per call.
 */
export async function allRows(em: EntityManager, sql: string, params: readonly unknown[]): Promise<Array<Record<string, unknown>>> {
  const sqlEm = sqlEntityManager(em);
  if (em.getDriver() instanceof BetterSqliteDriver) return allFromSqlite(sqlEm, sql, params);
  return sqlEm.getConnection().execute(sql, params as unknown[], 'all', sqlEm.getTransactionContext());
}

/** A statement's rows: keyed by column name (PostgreSQL's driver), or as arrays of values in the order of `columns` (SQLite). */
export type StatementRows = { columns?: undefined; rows: Array<Record<string, unknown>> } | RowValues;

/** Runs SQL as `allRows` does; answers the rows in the form the driver makes them at least cost (see StatementRows). */
export async function statementRows(em: EntityManager, sql: string, params: readonly unknown[]): Promise<StatementRows> {
  const sqlEm = sqlEntityManager(em);
  if (em.getDriver() instanceof BetterSqliteDriver) return valuesFromSqlite(sqlEm, sql, params);
  const rows: Array<Record<string, unknown>> = await sqlEm.getConnection().execute(sql, params as unknown[], 'all', sqlEm.getTransactionContext());
  return { rows };
}
