import type { EntityData, EntityManager, EntityMetadata, EntityName, IDatabaseDriver } from '@mikro-orm/core';
import type { QueryBuilder } from '@mikro-orm/knex';
import { sqlEntityManager } from './sql-entity-manager';
import { statementRows, type StatementRows } from './all-rows';
import { rowMapper, rowObject, type RowMapper } from './row-mapper';

/**
 * Where a call's value goes in the compiled statement (for a list, which of its items), or a
 * value the query itself fixed.
 */
type Binding<Param> = { param: Param; item?: number } | { value: unknown };

interface Compiled<Param> {
  sql: string;
  /** The same statement taking a page: its limit and offset bound after the call's values. */
  pagedSql: string;
  bindings: Binding<Param>[];
  meta: EntityMetadata;
  /** The row mappers of the statement, by the columns of its rows (one list but for a read of what the query selects). */
  mappers: Map<string, RowMapper>;
}

/** Which of a read's rows a call answers: `limit` of them after the first `offset`, in the query's order. */
export interface RowPage {
  limit: number;
  offset: number;
}

/** A value no caller sends, standing for a parameter while the statement is built. */
const marker = (name: string) => `\u0000prepared-read:${name}\u0000`;

/**
 * The places a list of `length` values takes in a statement: the next power of two, so that the
 * lists of one read share a handful of statements; the places past the list repeat its last value
 * (harmless in `in (…)`).
 */
const placesFor = (length: number) => (length === 0 ? 0 : 2 ** Math.ceil(Math.log2(length)));

/**
 * A read that hot paths run many times a second, at the cost of the read alone. Its SQL is
 * built once per database (dialect), by MikroORM's query builder, so table and column names,
 * quoting and dialect come from the entity metadata as for any other query, with markers where
 * a call's values go. Each call fills the values in, runs the statement on the request's
 * connection (in its transaction, if any; on SQLite a statement prepared once) and maps each
 * row to the entity's property names and JavaScript types as MikroORM's result mapper does
 * (`rowMapper`): no query building, no entities, no identity map and no change tracking per call. A
 * relation comes back as its key.
 *
 * A list of values (`in (…)`) takes `list(name)` instead: a statement is built for each size
 * class of the list (see placesFor). A page of the rows (`RowPage`) is a limit and an offset
 * bound after the query's own values, so a query that pages ends with its order.
 *
 * For reads whose answer is only returned (a list, a reference), or made an entity of the
 * request (`managed`); code that changes much of what it read loads entities.
 */
export class PreparedRead<Entity extends object, Param extends string = never> {
  /** Per database (dialect), per column choice ('' for the query's own). */
  private readonly compiled = new WeakMap<IDatabaseDriver, Map<string, Compiled<Param>>>();

  constructor(
    private readonly entity: EntityName<Entity>,
    /** The names of the values each call gives. */
    readonly params: readonly Param[],
    /**
     * Builds the query; `param(name)` stands for the value each call gives under `name`, and
     * `list(name)` for the values of a list it gives there (never an empty one).
     */
    private readonly build: (qb: QueryBuilder<Entity>, param: (name: Param) => string, list: (name: Param) => string[]) => QueryBuilder<Entity>,
  ) {}

  /**
   * `properties`, when given, narrows the columns read to those (the fields a GraphQL selection
   * asks for, say), each choice prepared once; one that names anything but a column of the
   * entity reads what the query itself selects.
   */
  async all(em: EntityManager, values: Record<Param, unknown> = {} as Record<Param, unknown>, properties?: readonly string[], page?: RowPage): Promise<EntityData<Entity>[]> {
    const { found, compiled } = await this.run(em, values, properties, page);
    if (found.rows.length === 0) return [];
    // SQLite's rows come as arrays of values in the order of their columns, PostgreSQL's as objects: each form has its mappers.
    const form = found.columns ? 'values' : 'objects';
    const columns = found.columns ?? Object.keys(found.rows[0]);
    const signature = `${form}:${columns.join(',')}`;
    let map = compiled.mappers.get(signature);
    if (!map) compiled.mappers.set(signature, (map = rowMapper(columns, compiled.meta, em.getDriver(), em.getPlatform(), form)));
    return (found.rows as unknown[]).map(map as (row: unknown) => Record<string, unknown>) as EntityData<Entity>[];
  }

  async one(em: EntityManager, values: Record<Param, unknown> = {} as Record<Param, unknown>): Promise<EntityData<Entity> | null> {
    return (await this.all(em, values))[0] ?? null;
  }

  /**
   * The first row as a managed entity of `em` (`em.map`), or null: for a read whose entity the
   * caller may change or hand on as one, at the cost of the read and one entity rather than of
   * `findOne`'s query building. An entity `em` already holds is answered as it holds it, unsaved
   * changes and all, as `findOne` would.
   */
  async managed(em: EntityManager, values: Record<Param, unknown> = {} as Record<Param, unknown>): Promise<Entity | null> {
    const { found } = await this.run(em, values);
    if (found.rows.length === 0) return null;
    const row = found.columns ? rowObject(found.columns, found.rows[0]) : found.rows[0];
    // `em.map` hands its options on to `merge`, whose `refresh: false` keeps an entity already held.
    return em.map<Entity>(this.entity, row as EntityData<Entity>, { refresh: false } as never);
  }

  /** The statement's rows for these values, as the database gives them. */
  private async run(
    em: EntityManager,
    values: Record<Param, unknown>,
    properties?: readonly string[],
    page?: RowPage,
  ): Promise<{ found: StatementRows; compiled: Compiled<Param> }> {
    const places = (name: Param) => placesFor((values[name] as unknown[]).length);
    const lists = this.params.filter((name) => Array.isArray(values[name]));
    const key = `${properties?.join(',') ?? ''}${lists.map((name) => `|${places(name)}`).join('')}`;
    const compiled = this.compiled.get(em.getDriver())?.get(key) ?? this.compile(em, key, properties, places);
    const params = compiled.bindings.map((binding) => {
      if (!('param' in binding)) return binding.value;
      const value = values[binding.param];
      return binding.item === undefined ? value : (value as unknown[])[Math.min(binding.item, (value as unknown[]).length - 1)];
    });
    const found = page ? await statementRows(em, compiled.pagedSql, [...params, page.limit, page.offset]) : await statementRows(em, compiled.sql, params);
    return { found, compiled };
  }

  private compile(em: EntityManager, key: string, properties: readonly string[] | undefined, places: (name: Param) => number): Compiled<Param> {
    const markers = new Map<string, { param: Param; item?: number }>();
    const param = (name: Param) => {
      const value = marker(name);
      markers.set(value, { param: name });
      return value;
    };
    const list = (name: Param) =>
      Array.from({ length: places(name) }, (_, item) => {
        const value = marker(`${name}:${item}`);
        markers.set(value, { param: name, item });
        return value;
      });
    const meta = em.getMetadata().get<Entity>(this.entityName());
    const qb = this.build(sqlEntityManager(em).createQueryBuilder(this.entity), param, list);
    if (properties?.length && properties.every((name) => isColumn(meta, name))) qb.select(properties as never);
    // `?` placeholders (not the dialect's native `$1`): MikroORM formats values into them itself.
    const { sql, bindings } = qb.getKnexQuery().toSQL();
    const compiled: Compiled<Param> = {
      sql,
      pagedSql: `${sql} limit ? offset ?`,
      bindings: bindings.map((value) => (typeof value === 'string' && markers.has(value) ? markers.get(value)! : { value })),
      meta,
      mappers: new Map(),
    };
    const byColumns = this.compiled.get(em.getDriver()) ?? new Map<string, Compiled<Param>>();
    this.compiled.set(em.getDriver(), byColumns.set(key, compiled));
    return compiled;
  }

  private entityName(): string {
    return typeof this.entity === 'string' ? this.entity : (this.entity as { name: string }).name;
  }
}

/** A property stored in one column of the entity's own table. */
function isColumn(meta: EntityMetadata, name: string): boolean {
  const prop = meta.properties[name as keyof typeof meta.properties] as EntityMetadata['props'][number] | undefined;
  return !!prop && prop.persist !== false && prop.fieldNames?.length === 1;
}
