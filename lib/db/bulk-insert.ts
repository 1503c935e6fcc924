import { createHash } from 'node:crypto';
import type { EntityData, EntityManager, EntityMetadata, EntityName, IDatabaseDriver, Platform } from '@mikro-orm/core';
import { JsonType } from '@mikro-orm/core';
import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import type { Client as PgClient } from 'pg';
import { onRequestConnection, qualifiedTable } from './request-connection';
import { sqlEntityManager, type SqlEntityManager } from './sql-entity-manager';
import { allFromSqlite, sqliteValue } from './sqlite-statements';

interface Column {
  property: string;
  name: string;
  /** The column's type as the schema declares it (PostgreSQL casts each array to it). */
  type: string;
  /** The property's value as the database takes it (a JSON column's as JSON text). */
  toDatabase: (value: unknown) => unknown;
}

interface Compiled {
  sql: string;
  /** The statement's parameters for a batch: one JSON array of rows on SQLite, one array per column on PostgreSQL. */
  bind: (rows: ReadonlyArray<Record<string, unknown>>) => unknown[];
  run: (em: SqlEntityManager, sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;
  returned: string;
}

export interface BulkInsertOptions<Entity> {
  /** The columns of a unique key: a row that would repeat one is skipped, not an error. */
  skipConflictsOn: ReadonlyArray<keyof Entity & string>;
  /** The property answered for each row actually inserted. */
  returning: keyof Entity & string;
}

/**
 * Many rows of one entity written by one statement whose text is fixed per dialect, whatever
 * the batch's size: the batch travels as one JSON array that SQLite reads with `json_each`, or
 * as one array per column that PostgreSQL `unnest`s. The statement is built once from the
 * entity's metadata (table, columns, their types) and prepared once per connection, so a batch
 * costs the rows' values and the database's own work, not an ORM query built and formatted
 * per batch (which was 43 % of the guard's CPU on `/track/batch`). Rows that would repeat a
 * unique key are skipped; answers the `returning` value of each row inserted.
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
    if (rows.length === 0) return [];
    const { sql, bind, run, returned } = this.compiled.get(em.getDriver()) ?? this.compile(em);
    const inserted = await run(sqlEntityManager(em), sql, bind(rows as ReadonlyArray<Record<string, unknown>>));
    return inserted.map((row) => row[returned]);
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
    // SQLite's parser needs the WHERE to tell the upsert's ON CONFLICT from a join's ON.
    const source = sqlite
      ? `select ${columns.map((_, index) => `value ->> ${index}`).join(', ')} from json_each(?) where true`
      : `select * from unnest(${columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ')})`;
    const returned = columnOf(this.options.returning);
    const conflict = `on conflict (${this.options.skipConflictsOn.map((property) => quote(columnOf(property))).join(', ')}) do nothing returning ${quote(returned)}`;
    const sql = `${target} ${source} ${conflict}`;
    const compiled: Compiled = {
      sql,
      bind: sqlite
        ? (rows) => [JSON.stringify(rows.map((row) => columns.map((column) => column.toDatabase(row[column.property]))))]
        : (rows) => columns.map((column) => rows.map((row) => column.toDatabase(row[column.property]))),
      // Named by its text: two inserts into one table (other options) are two prepared statements.
      run: sqlite ? allFromSqlite : postgresRunner(`bulk-insert:${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`),
      returned,
    };
    this.compiled.set(em.getDriver(), compiled);
    return compiled;
  }
}

/** The entity's own columns, with how each takes its value on this dialect. */
function columnsOf(meta: EntityMetadata, platform: Platform, sqlite: boolean): Column[] {
  return meta.props
    .filter((prop) => prop.persist !== false && prop.fieldNames?.length === 1 && prop.columnTypes?.length === 1)
    .map((prop) => {
      const custom = prop.customType;
      const json = custom instanceof JsonType;
      const convert = (value: unknown) => {
        if (value === null || value === undefined) return null;
        if (json) return JSON.stringify(value);
        return custom ? custom.convertToDatabaseValue(value, platform) : value;
      };
      return { property: prop.name, name: prop.fieldNames[0], type: prop.columnTypes[0], toDatabase: sqlite ? (value: unknown) => sqliteValue(convert(value)) : convert };
    });
}

/**
 * Runs the statement as a named (server-side prepared) statement on the request's PostgreSQL
 * connection. Through the driver itself, because knex would spread each array parameter into a
 * list of placeholders.
 */
function postgresRunner(name: string) {
  return (em: SqlEntityManager, text: string, values: unknown[]): Promise<Array<Record<string, unknown>>> =>
    onRequestConnection(em, async (connection: PgClient) => (await connection.query({ name, text, values })).rows);
}
