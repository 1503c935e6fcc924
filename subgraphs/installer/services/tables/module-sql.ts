import type { Knex } from '@mikro-orm/postgresql';
import type { Dialect, SqlEntityManager } from '../../../../lib/db';

/** `Book` → `book`, `BookCopy` → `book_copy`, `ISBNEntry` → `isbn_entry`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** A live model's table: `<module>_<model in snake_case>` (installer.md). */
export function tableName(module: string, model: string): string {
  return `${module}_${snakeCase(model)}`;
}

/**
 * Where the module tables live and how SQL reaches them: the installer's own database, in its
 * PostgreSQL schema (`installer`) or its SQLite file, through the knex of the EntityManager's
 * transaction when there is one, so DDL and data changes commit or roll back together.
 */
export class ModuleSql {
  constructor(
    readonly dialect: Dialect,
    /** The PostgreSQL schema of the installer's tables; undefined on SQLite. */
    readonly schema: string | undefined,
  ) {}

  knex(em: SqlEntityManager): Knex {
    return (em.getTransactionContext<Knex.Transaction>() ?? em.getConnection().getKnex()) as Knex;
  }

  table(em: SqlEntityManager, name: string): Knex.QueryBuilder {
    const knex = this.knex(em);
    return this.schema ? knex.withSchema(this.schema).table(name) : knex.table(name);
  }

  schemaBuilder(em: SqlEntityManager): Knex.SchemaBuilder {
    const knex = this.knex(em);
    return this.schema ? knex.schema.withSchema(this.schema) : knex.schema;
  }

  /** The table's name as SQL text, schema-qualified on PostgreSQL, for raw statements. */
  qualified(name: string): string {
    return this.schema ? `"${this.schema}"."${name}"` : `"${name}"`;
  }
}
