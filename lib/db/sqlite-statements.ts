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

/**
 * `sql` as it is prepared to be kept: a bare `limit ?` (as knex writes a limit) becomes
 * `limit cast(? as integer)`. SQLite (3.49, built with STAT4 as better-sqlite3 ships it) reads a
 * bare variable limit's bound value while planning and marks the statement to be planned again
 * whenever that variable is bound, so a kept statement with `limit ?` was prepared anew on every
 * run: the brand products' statement took 44 µs a run against 14 with its limit cast. A cast is
 * an expression, not a variable, so the plan no longer depends on it; the rows are the same for
 * any integer limit.
 */
const keptSql = (sql: string): string => sql.replace(/\blimit \?/gi, 'limit cast(? as integer)');

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
  return onRequestConnection(em, (database: Database) => rowsOn(database, sql, params.map(sqliteValue)));
}

/** A statement that answers rows, kept in raw mode (each row an array), and the names of its columns. */
interface RowReader {
  statement: Statement;
  columns: string[];
}

const readers = new WeakMap<Database, Map<string, RowReader>>();

/**
 * The rows of a statement that answers rows (`values` bound as given), as objects keyed by
 * column name, as better-sqlite3 answers them. It is asked for arrays and the objects are made
 * here: better-sqlite3 builds each object through V8's C++ API property by property, which cost
 * a read about twice what reading the rows as arrays and keying them in JavaScript does (600
 * variant rows of 9 columns: 1,180 µs against 725). A later column of a name already used
 * replaces the earlier one's value, as in better-sqlite3's own objects.
 */
export function rowsOn(database: Database, sql: string, values: readonly unknown[]): Array<Record<string, unknown>> {
  let byText = readers.get(database);
  if (!byText) readers.set(database, (byText = new Map()));
  let reader = byText.get(sql);
  if (!reader) {
    // A statement of its own: one in raw mode must not answer callers of preparedOn.
    const statement = database.prepare(keptSql(sql)).raw(true);
    byText.set(sql, (reader = { statement, columns: statement.columns().map((column) => column.name) }));
  }
  const { statement, columns } = reader;
  const rows = statement.all(...values) as unknown[][];
  const objects = new Array<Record<string, unknown>>(rows.length);
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index];
    const object: Record<string, unknown> = {};
    for (let column = 0; column < columns.length; column++) object[columns[column]] = row[column];
    objects[index] = object;
  }
  return objects;
}

/** The statement for `sql` on `database`, prepared the first time it is asked for. */
export function preparedOn(database: Database, sql: string): Statement {
  let statements = prepared.get(database);
  if (!statements) prepared.set(database, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = database.prepare(keptSql(sql))));
  return statement;
}
