import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import type { Database } from 'better-sqlite3';
import type { Client as PgClient } from 'pg';
import { onRequestConnection } from './request-connection';
import { sqlEntityManager } from './sql-entity-manager';
import { preparedOn, rowsOn, sqliteValue } from './sqlite-statements';

/**
 * Statements run through the driver itself (better-sqlite3, `pg`) on one connection, inside one
 * transaction: no query built, no entity, no ORM transaction around them.
 */
export interface DriverTransaction {
  readonly sqlite: boolean;
  /**
   * Runs one statement (`?` placeholders), prepared once per connection (SQLite) or as a named
   * statement (PostgreSQL); answers its rows (none for a statement without RETURNING).
   */
  all(sql: string, params: readonly unknown[]): Promise<Array<Record<string, unknown>>>;
  /** Runs one statement that answers no rows, prepared as `all`'s are; answers how many rows it changed. */
  run(sql: string, params: readonly unknown[]): Promise<number>;
  /** Runs `use` on the transaction's connection (a better-sqlite3 database, a `pg` client). */
  on<Result>(use: (connection: unknown) => Result | Promise<Result>): Promise<Result>;
}

/**
 * Runs `work` in a transaction on the driver's connection and commits it when `work` resolves
 * (rolls it back when it throws). In the transaction `em` already has, when it has one: then its
 * owner commits. Otherwise on a connection of the pool, in a transaction of its own, begun on
 * SQLite as `BEGIN IMMEDIATE` (the database's write lock taken at once, so a writer in another
 * process is waited for under the busy timeout rather than failing its lock upgrade midway).
 *
 * For hot writes of plain rows that commit together (a batch of reservations with its audit
 * records): an ORM transaction (fork, knex's transaction client, its BEGIN and COMMIT built as
 * queries, a flush of nothing) cost the guard more CPU than the rows.
 */
export async function inDriverTransaction<Result>(em: EntityManager, work: (tx: DriverTransaction) => Promise<Result>): Promise<Result> {
  const sqlite = em.getDriver() instanceof BetterSqliteDriver;
  const owned = !sqlEntityManager(em).getTransactionContext();
  return onRequestConnection(em, async (connection: Database | PgClient) => {
    const tx = sqlite ? sqliteTransaction(connection as Database) : postgresTransaction(connection as PgClient);
    if (!owned) return work(tx);
    await tx.all(sqlite ? 'begin immediate' : 'begin', []);
    let result: Result;
    try {
      result = await work(tx);
    } catch (error) {
      // A connection that is gone cannot roll back; the error that stopped the work is the one to tell.
      await tx.all('rollback', []).catch(() => undefined);
      throw error;
    }
    await tx.all('commit', []);
    return result;
  });
}

function sqliteTransaction(database: Database): DriverTransaction {
  return {
    sqlite: true,
    async all(sql, params) {
      const statement = preparedOn(database, sql);
      const values = params.map(sqliteValue);
      if (statement.reader) return rowsOn(database, sql, values);
      statement.run(...values);
      return [];
    },
    async run(sql, params) {
      return preparedOn(database, sql).run(...params.map(sqliteValue)).changes;
    },
    async on(use) {
      return use(database);
    },
  };
}

/** Named statements, by their text; `?` placeholders become `$1`, `$2`, … once. */
const postgresStatements = new Map<string, { name: string; text: string }>();

function postgresTransaction(client: PgClient): DriverTransaction {
  return {
    sqlite: false,
    async all(sql, params) {
      return (await postgresQuery(client, sql, params)).rows;
    },
    async run(sql, params) {
      return (await postgresQuery(client, sql, params)).rowCount ?? 0;
    },
    async on(use) {
      return use(client);
    },
  };
}

function postgresQuery(client: PgClient, sql: string, params: readonly unknown[]) {
  if (params.length === 0) return client.query(sql);
  let statement = postgresStatements.get(sql);
  if (!statement) {
    let index = 0;
    const text = sql.replace(/\?/g, () => `$${++index}`);
    postgresStatements.set(sql, (statement = { name: `driver:${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`, text }));
  }
  return client.query({ ...statement, values: params as unknown[] });
}
