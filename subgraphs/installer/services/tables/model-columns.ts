import type { Knex } from '@mikro-orm/postgresql';
import { DEFAULT_STRING_LENGTH } from '../../package/contents/field-types';
import type { FieldDecl, Model } from '../../package/contents/package-schemas';
import { storedValue } from '../records/record-values';
import type { Dialect } from '../../../../lib/db';

/**
 * The column a field declaration becomes, the same on both dialects as far as they allow:
 * decimals as unbounded `numeric`, datetimes with their zone, JSON as `json` (text on SQLite).
 */
export function addColumn(table: Knex.CreateTableBuilder | Knex.AlterTableBuilder, name: string, field: FieldDecl, dialect: Dialect): Knex.ColumnBuilder {
  const column = columnOf(table, name, field);
  if (field.required) column.notNullable();
  else column.nullable();
  if (field.unique) column.unique();
  if (field.default !== undefined && field.default !== null) {
    const stored = storedValue(field, field.default, dialect);
    column.defaultTo(stored as Knex.Value);
  }
  return column;
}

function columnOf(table: Knex.CreateTableBuilder | Knex.AlterTableBuilder, name: string, field: FieldDecl): Knex.ColumnBuilder {
  switch (field.type) {
    case 'string':
      return table.string(name, field.max_length ?? DEFAULT_STRING_LENGTH);
    case 'text':
      return table.text(name);
    case 'integer':
    case 'ref':
      return table.bigInteger(name);
    case 'decimal':
      return table.decimal(name, null);
    case 'boolean':
      return table.boolean(name);
    case 'date':
      return table.date(name);
    case 'datetime':
      return table.timestamp(name, { useTz: true });
    case 'time':
      return table.time(name);
    case 'json':
      return table.json(name);
  }
}

/** Creates the table of one model: `id`, `created_at`, `updated_at`, then its fields in order. */
export async function createModelTable(schema: Knex.SchemaBuilder, name: string, model: Model, dialect: Dialect): Promise<void> {
  await schema.createTable(name, (table) => {
    table.bigIncrements('id').primary();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    for (const field of model.fields) addColumn(table, field.name, field, dialect);
    for (const field of model.fields.filter((candidate) => candidate.type === 'ref')) table.index([field.name]);
  });
}
