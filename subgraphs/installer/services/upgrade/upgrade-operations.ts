import type { SqlEntityManager } from '../../../../lib/db';
import type { FieldDecl, Model, ModelsFile } from '../../package/contents/package-schemas';
import { addColumn, createModelTable } from '../tables/model-columns';
import { tableName, type ModuleSql } from '../tables/module-sql';
import { convertedValue } from './column-conversion';
import type { PlannedOperation } from './upgrade-plan';

/**
 * Runs an upgrade's operations on the module's tables, inside the caller's transaction. Both
 * dialects get plain `ALTER TABLE` statements (no table copies), which SQLite and PostgreSQL
 * both run transactionally, so a failure anywhere leaves every table as it was.
 */
export class UpgradeOperations {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly sql: ModuleSql,
    private readonly module: string,
    private readonly target: ModelsFile,
  ) {}

  async run(operations: PlannedOperation[]): Promise<void> {
    for (const operation of operations) await this.runOne(operation);
  }

  private async runOne(operation: PlannedOperation): Promise<void> {
    const table = tableName(this.module, operation.model);
    const name = operation.name ?? '';
    switch (operation.op) {
      case 'add_model':
        return createModelTable(this.sql.schemaBuilder(this.em), table, this.targetModel(operation.model), this.sql.dialect);
      case 'delete_model':
        await this.sql.schemaBuilder(this.em).dropTable(table);
        return;
      case 'rename_model':
        await this.sql.schemaBuilder(this.em).renameTable(tableName(this.module, operation.old_name!), table);
        return;
      case 'add_field':
        return this.addField(table, name, this.targetField(operation.model, name));
      case 'remove_field':
        return this.dropColumn(table, name);
      case 'rename_field':
        await this.raw(`alter table ${this.sql.qualified(table)} rename column ${quote(operation.old_name!)} to ${quote(name)}`);
        return;
      case 'alter_field':
        return this.alterField(table, name, operation.from_decl!, this.targetField(operation.model, name, operation.to_decl));
    }
  }

  /** SQLite adds no UNIQUE column: the column first, its unique index after. */
  private async addField(table: string, column: string, field: FieldDecl): Promise<void> {
    const sqlite = this.sql.dialect === 'sqlite';
    await this.sql.schemaBuilder(this.em).alterTable(table, (builder) => {
      addColumn(builder, column, sqlite ? { ...field, unique: false } : field, this.sql.dialect);
    });
    if (sqlite && field.unique) await this.raw(`create unique index ${quote(`${table}_${column}_unique`)} on ${quote(table)} (${quote(column)})`);
  }

  /**
   * A new column of the new declaration beside the old one, filled with the converted values,
   * then put in the old one's place. Required is enforced at the end on PostgreSQL (the
   * statement fails, and the upgrade with it, when converted values are missing); SQLite cannot
   * add NOT NULL to an existing column, so there the data API alone enforces it.
   */
  private async alterField(table: string, column: string, from: FieldDecl, to: FieldDecl): Promise<void> {
    const scratch = `${column}__upgrading`;
    await this.addField(table, scratch, { ...to, required: false, unique: false });
    const knex = this.sql.knex(this.em);
    await this.raw(`update ${this.sql.qualified(table)} set ${quote(scratch)} = ${convertedValue(knex.ref(column).toQuery(), from, to, this.sql.dialect)}`);
    await this.dropColumn(table, column);
    await this.raw(`alter table ${this.sql.qualified(table)} rename column ${quote(scratch)} to ${quote(column)}`);
    if (to.unique) {
      const index = quote(`${table}_${column}_unique`);
      await this.raw(this.sql.dialect === 'sqlite' ? `create unique index ${index} on ${quote(table)} (${quote(column)})` : `alter table ${this.sql.qualified(table)} add constraint ${index} unique (${quote(column)})`);
    }
    if (to.required && this.sql.dialect === 'postgresql') await this.raw(`alter table ${this.sql.qualified(table)} alter column ${quote(column)} set not null`);
  }

  /** SQLite refuses to drop an indexed column: its indexes go first. */
  private async dropColumn(table: string, column: string): Promise<void> {
    if (this.sql.dialect === 'sqlite') {
      const indexes = (await this.raw(`select il.name as name from pragma_index_list(${literal(table)}) il join pragma_index_info(il.name) ii where ii.name = ${literal(column)}`)) as Array<{ name: string }>;
      for (const index of indexes) await this.raw(`drop index ${quote(index.name)}`);
    }
    await this.raw(`alter table ${this.sql.qualified(table)} drop column ${quote(column)}`);
  }

  private targetModel(name: string): Model {
    const model = this.target.models.find((candidate) => candidate.name === name);
    if (!model) throw new Error(`models.json has no model ${name}`);
    return model;
  }

  private targetField(model: string, name: string, fallback?: FieldDecl): FieldDecl {
    const field = this.targetModel(model).fields.find((candidate) => candidate.name === name) ?? fallback;
    if (!field) throw new Error(`models.json has no field ${model}.${name}`);
    return field;
  }

  private async raw(statement: string): Promise<unknown[]> {
    const result = await this.sql.knex(this.em).raw(statement);
    return Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  }
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
