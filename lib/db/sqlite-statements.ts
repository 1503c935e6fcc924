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

/** Runs a statement as `allFromSqlite` does; answers its rows as arrays of values (see rowValuesOn). */
export function valuesFromSqlite(em: SqlEntityManager, sql: string, params: readonly unknown[]): Promise<RowValues> {
  return onRequestConnection(em, (database: Database) => rowValuesOn(database, sql, params.map(sqliteValue)));
}

/**
 * How a statement that answers rows is read: `statement` answers each row as an array of its
 * values (raw mode), or, for a read whose values JSON holds exactly, one JSON text of every row's
 * array (`json`); `objectOf` keys a row's values by column name.
 */
export interface RowReader {
  statement: Statement;
  /** The names of the columns of its rows, in their order. */
  columns: readonly string[];
  json: boolean;
  objectOf: (values: readonly unknown[]) => Record<string, unknown>;
  /** The same read in raw mode, kept for a JSON read that met a value JSON cannot hold. */
  raw: Statement;
}

const readers = new WeakMap<Database, Map<string, RowReader>>();

/** A statement's rows as arrays of their values, each in the order of `columns`. */
export interface RowValues {
  columns: readonly string[];
  rows: unknown[][];
}

/**
 * The rows of a statement that answers rows (`values` bound as given), as arrays of their values
 * in the order of its columns: for a caller that makes its own objects of them (PreparedRead's
 * row mappers), so no row is made an object twice.
 *
 * better-sqlite3 hands each value to JavaScript through V8's C++ API, which cost more than the
 * read itself. A plain `select` whose columns are all declared integer, text or datetime (the
 * ORM's milliseconds) runs instead as `select json_group_array(json_array(<columns>)) from (<the
 * read>)`, and `JSON.parse` makes its arrays in one call (SQLite keeps a subquery's ORDER BY under
 * an aggregate). A real (printed with 15 digits), a blob (JSON holds none), a numeric column or an
 * expression keeps the raw read, and a JSON read that meets a blob in a text column goes back to
 * it for good. See docs/decisions/sqlite-rows-read-as-one-json-text.md (the store's 600 variant
 * rows: 807 → 373 µs).
 */
export function rowValuesOn(database: Database, sql: string, values: readonly unknown[]): RowValues {
  const reader = rowReaderOn(database, sql);
  return { columns: reader.columns, rows: readRows(reader, values) };
}

function readRows(reader: RowReader, values: readonly unknown[]): unknown[][] {
  if (reader.json) {
    try {
      return JSON.parse(reader.statement.get(...values) as string) as unknown[][];
    } catch (error) {
      // By its message: better-sqlite3's SqliteError may come from another realm than this Error (jest's).
      if (!/JSON cannot hold BLOB/i.test(String((error as { message?: unknown } | null)?.message))) throw error;
      Object.assign(reader, { statement: reader.raw, json: false });
    }
  }
  return reader.statement.all(...values) as unknown[][];
}

/**
 * The rows of a statement that answers rows (`values` bound as given), as objects keyed by
 * column name, as better-sqlite3 answers them (a later column of a name already used replaces
 * the earlier one's value): read as `rowValuesOn` reads them, each made an object by a literal
 * compiled per statement.
 */
export function rowsOn(database: Database, sql: string, values: readonly unknown[]): Array<Record<string, unknown>> {
  const reader = rowReaderOn(database, sql);
  const rows = readRows(reader, values);
  const { objectOf } = reader;
  const objects = new Array<Record<string, unknown>>(rows.length);
  for (let index = 0; index < rows.length; index++) objects[index] = objectOf(rows[index]);
  return objects;
}

/** How rowsOn reads `sql` on `database`, decided the first time it is asked for. */
export function rowReaderOn(database: Database, sql: string): RowReader {
  let byText = readers.get(database);
  if (!byText) readers.set(database, (byText = new Map()));
  let reader = byText.get(sql);
  if (!reader) byText.set(sql, (reader = rowReader(database, sql)));
  return reader;
}

function rowReader(database: Database, sql: string): RowReader {
  const kept = keptSql(sql);
  // A statement of its own: one in raw mode must not answer callers of preparedOn.
  const raw = database.prepare(kept).raw(true);
  const columns = raw.columns();
  const names = columns.map((column) => column.name);
  const objectOf = new Function('values', `return { ${names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(', ')} };`) as RowReader['objectOf'];
  const readsAsJson = /^\s*select\b/i.test(sql) && new Set(names).size === names.length && columns.every((column) => exactInJson(column.type));
  if (!readsAsJson) return { statement: raw, columns: names, json: false, objectOf, raw };
  const quoted = names.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ');
  const statement = database.prepare(`select json_group_array(json_array(${quoted})) from (${kept})`).pluck(true);
  return { statement, columns: names, json: true, objectOf, raw };
}

/**
 * Whether a column of this declared type has values JSON holds as they are: SQLite's integer and
 * text affinities (a declared type with INT, or with CHAR, CLOB or TEXT), and `datetime`, which
 * the ORM writes as integer milliseconds (its migrations table, as text).
 */
function exactInJson(declared: string | null): boolean {
  if (!declared) return false;
  const type = declared.toUpperCase();
  return type.includes('INT') || type.includes('CHAR') || type.includes('CLOB') || type.includes('TEXT') || type === 'DATETIME';
}

/** The statement for `sql` on `database`, prepared the first time it is asked for. */
export function preparedOn(database: Database, sql: string): Statement {
  let statements = prepared.get(database);
  if (!statements) prepared.set(database, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = database.prepare(keptSql(sql))));
  return statement;
}
