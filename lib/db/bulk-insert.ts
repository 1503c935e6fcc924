import { createHash } from 'node:crypto';
import type { EntityData, EntityManager, EntityMetadata, EntityName, IDatabaseDriver, Platform } from '@mikro-orm/core';
import { JsonType } from '@mikro-orm/core';
import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import type { Client as PgClient } from 'pg';
import type { Database } from 'better-sqlite3';
import type { DriverTransaction } from './driver-transaction';
import { onRequestConnection, qualifiedTable } from './request-connection';
import { sqlEntityManager } from './sql-entity-manager';
import { preparedOn, sqliteValue } from './sqlite-statements';

interface Column {
  property: string;
  name: string;
  /** The column's type as the schema declares it (PostgreSQL casts each value of the batch to it). */
  type: string;
  /** A JSON column. */
  json: boolean;
  /** The property's value as the statement takes it (on SQLite, a JSON column's as JSON text). */
  toDatabase: (value: unknown) => unknown;
}

/** Runs `use` on the connection a batch goes to (the request's, or a driver transaction's). */
type OnConnection = <Result>(use: (connection: never) => Result | Promise<Result>) => Promise<Result>;

/**
 * A batch's rows written, answering the inserted rows' `returning` column (no rows without one).
 * `allOrNone`: the connection is in a transaction that fails whole when a statement fails.
 */
type Writer = (on: OnConnection, rows: ReadonlyArray<Record<string, unknown>>, allOrNone: boolean) => Promise<Array<Record<string, unknown>>>;

interface Compiled {
  write: Writer;
  returned?: string;
}

export interface BulkInsertOptions<Entity> {
  /** The columns of a unique key: a row that would repeat one is skipped. Without them, it fails the insert. */
  skipConflictsOn?: ReadonlyArray<keyof Entity & string>;
  /** The property answered for each row actually inserted; without it, the insert answers nothing (and costs less). */
  returning?: keyof Entity & string;
}

/**
 * Many rows of one entity written by statements built once from the entity's metadata (table,
 * columns, their types) and prepared once per connection, so a batch costs the rows' values and
 * the database's own work, not an ORM query built and formatted per batch (which was 43 % of the
 * guard's CPU on `/track/batch`). PostgreSQL takes the batch in one statement, as one JSON array
 * of rows that it reads as `jsonb`. SQLite takes it as multi-row `VALUES`, in as few statements of 256,
 * 128, …, 1 rows as its length needs (a statement per size, not per length), run all or none;
 * reading the rows out of one JSON parameter with `json_each` instead cost SQLite 22-31 µs a row
 * against 13-16. Rows that would repeat a unique key are skipped; answers the `returning` value
 * of each row inserted.
 *
 * For tables written only in bulk, by code that needs no entities back (usage events).
 */
export class BulkInsert<Entity extends object> {
  private readonly compiled = new WeakMap<IDatabaseDriver, Compiled>();

  constructor(
    private readonly entity: EntityName<Entity>,
    private readonly options: BulkInsertOptions<Entity>,
  ) {}

  async insert(em: EntityManager, rows: ReadonlyArray<EntityData<Entity>>): Promise<unknown[]> {
    return this.insertOn(em, (use) => onRequestConnection(em, use), rows, false);
  }

  /**
   * The same, inside a driver transaction (`em` names the database: its metadata and dialect).
   * That transaction fails whole when a statement fails, so the batch's statements need no
   * savepoint of their own.
   */
  async insertIn(tx: DriverTransaction, em: EntityManager, rows: ReadonlyArray<EntityData<Entity>>): Promise<unknown[]> {
    return this.insertOn(em, (use) => tx.on(use as (connection: unknown) => never), rows, true);
  }

  private async insertOn(em: EntityManager, on: OnConnection, rows: ReadonlyArray<EntityData<Entity>>, allOrNone: boolean): Promise<unknown[]> {
    if (rows.length === 0) return [];
    const { write, returned } = this.compiled.get(em.getDriver()) ?? this.compile(sqlEntityManager(em));
    const inserted = await write(on, rows as ReadonlyArray<Record<string, unknown>>, allOrNone);
    return returned ? inserted.map((row) => row[returned]) : [];
  }

  private compile(em: EntityManager): Compiled {
    const meta = em.getMetadata().get<Entity>(typeof this.entity === 'string' ? this.entity : (this.entity as { name: string }).name);
    const platform = em.getPlatform();
    const sqlite = em.getDriver() instanceof BetterSqliteDriver;
    const columns = columnsOf(meta, platform, sqlite);
    const quote = (name: string) => platform.quoteIdentifier(name);
    const columnOf = (property: string) => {
      const column = columns.find((candidate) => candidate.property === property);
      if (!column) throw new Error(`${meta.className} has no column for ${property}`);
      return column.name;
    };
    const target = `insert into ${qualifiedTable(em, meta.tableName, meta.schema)} (${columns.map((column) => quote(column.name)).join(', ')})`;
    const { skipConflictsOn, returning } = this.options;
    const returned = returning && columnOf(returning);
    const conflict = [
      skipConflictsOn ? `on conflict (${skipConflictsOn.map((property) => quote(columnOf(property))).join(', ')}) do nothing` : '',
      returned ? `returning ${quote(returned)}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const compiled: Compiled = { write: sqlite ? sqliteWriter(target, conflict, columns) : postgresWriter(target, conflict, columns), returned };
    this.compiled.set(em.getDriver(), compiled);
    return compiled;
  }
}

/** SQLite's limit on a statement's parameters (SQLITE_MAX_VARIABLE_NUMBER since 3.32). */
const SQLITE_MAX_PARAMETERS = 32_766;
/** Rows in SQLite's largest insert statement; smaller ones halve it down to one row. */
const SQLITE_MAX_CHUNK_ROWS = 256;

function sqliteWriter(target: string, conflict: string, columns: readonly Column[]): Writer {
  const row = `(${columns.map(() => '?').join(', ')})`;
  let largest = SQLITE_MAX_CHUNK_ROWS;
  while (largest > 1 && largest * columns.length > SQLITE_MAX_PARAMETERS) largest /= 2;
  const texts = new Map<number, string>();
  const textOf = (count: number) => {
    let text = texts.get(count);
    if (!text) texts.set(count, (text = `${target} values ${new Array<string>(count).fill(row).join(', ')} ${conflict}`));
    return text;
  };
  return (on, rows, allOrNone) => {
    const statements: Array<[string, unknown[]]> = [];
    for (let start = 0, size = largest; start < rows.length; ) {
      if (rows.length - start < size) {
        size /= 2;
        continue;
      }
      const params: unknown[] = [];
      for (const values of rows.slice(start, start + size)) for (const column of columns) params.push(column.toDatabase(values[column.property]));
      statements.push([textOf(size), params]);
      start += size;
    }
    const run = (database: Database) => statements.flatMap(([sql, params]) => {
      const statement = preparedOn(database, sql);
      return statement.reader ? (statement.all(params) as Array<Record<string, unknown>>) : (statement.run(params), []);
    });
    // All or none: as the caller's transaction is, else in a savepoint of it when there is one, else in a transaction of their own.
    return on((database: Database) => (allOrNone ? run(database) : database.transaction(run)(database)));
  };
}

/**
 * One named (server-side prepared) statement on the request's PostgreSQL connection, taking the
 * batch as one JSON array of rows (arrays in column order) that PostgreSQL parses once as `jsonb`
 * and reads column by column: serialising the batch is one `JSON.stringify`, where one array
 * parameter per column had `pg` escape every value into an array literal in JavaScript (about
 * a third of the guard's CPU per event). Through the driver itself, because knex would spread an
 * array parameter into a list of placeholders.
 */
function postgresWriter(target: string, conflict: string, columns: readonly Column[]): Writer {
  // A JSON column takes the value as JSON (a JSON null is no value); any other, its text.
  const values = columns.map((column, index) => (column.json ? `nullif(row -> ${index}, 'null')::${column.type}` : `(row ->> ${index})::${column.type}`));
  const text = `${target} select ${values.join(', ')} from jsonb_array_elements($1::jsonb) as row ${conflict}`;
  // Named by its text: two inserts into one table (other options) are two prepared statements.
  const name = `bulk-insert:${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  return (on, rows) => {
    const batch = JSON.stringify(rows.map((row) => columns.map((column) => column.toDatabase(row[column.property]))));
    return on(async (connection: PgClient) => (await connection.query({ name, text, values: [batch] })).rows);
  };
}

function columnsOf(meta: EntityMetadata, platform: Platform, sqlite: boolean): Column[] {
  return meta.props
    .filter((prop) => prop.persist !== false && prop.fieldNames?.length === 1 && prop.columnTypes?.length === 1)
    .map((prop) => {
      const custom = prop.customType;
      const json = custom instanceof JsonType;
      const convert = (value: unknown) => {
        if (value === null || value === undefined) return null;
        if (json) return sqlite ? JSON.stringify(value) : value;
        const converted: unknown = custom ? custom.convertToDatabaseValue(value, platform) : value;
        return typeof converted === 'bigint' ? converted.toString() : converted;
      };
      return { property: prop.name, name: prop.fieldNames[0], type: prop.columnTypes[0], json, toDatabase: sqlite ? (value: unknown) => sqliteValue(convert(value)) : convert };
    });
}
