import { AppError, badInput, notFound } from '../../../../lib/errors';
import { isUniqueViolation, type SqlEntityManager } from '../../../../lib/db';
import { rowProblems } from '../../package/contents/field-value';
import { tableName, type ModuleSql } from '../tables/module-sql';
import type { ModuleAccess } from './module-access';
import type { LiveModel, ModuleCatalog } from './module-catalog';
import { recordPage, type PageRequest, type RecordPage } from './record-page';
import { shownTimestamp, shownValue, storedValue } from './record-values';

export type ModuleRecord = Record<string, unknown>;

/**
 * The data API of live modules: records of one model, checked against its declaration, for
 * members of the module with a role of enough rank.
 */
export class ModuleRecordsService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly sql: ModuleSql,
    private readonly catalog: ModuleCatalog,
    private readonly access: ModuleAccess,
  ) {}

  async list(module: string, modelName: string, page: PageRequest): Promise<RecordPage<ModuleRecord>> {
    const live = await this.catalog.liveModel(module, modelName);
    await this.access.require(live.install, 'read');
    const table = this.tableOf(live);
    return recordPage(page, {
      count: async () => Number((await this.sql.table(this.em, table).count({ total: '*' }).first())?.total ?? 0),
      rows: async (afterId, offset, limit) => {
        const query = this.sql.table(this.em, table).select('*').orderBy('id', 'asc').limit(limit);
        if (afterId !== undefined) query.where('id', '>', afterId);
        if (offset > 0) query.offset(offset);
        return (await query).map((row: Record<string, unknown>) => this.shown(live, row));
      },
    });
  }

  async get(module: string, modelName: string, id: number): Promise<ModuleRecord> {
    const live = await this.catalog.liveModel(module, modelName);
    await this.access.require(live.install, 'read');
    return this.shown(live, await this.row(live, id));
  }

  async create(module: string, modelName: string, values: Record<string, unknown>): Promise<ModuleRecord> {
    const live = await this.catalog.liveModel(module, modelName);
    await this.access.require(live.install, 'write');
    const stored = await this.checked(live, values, false);
    for (const field of live.model.fields) {
      if (!Object.hasOwn(values, field.name) && field.default !== undefined) stored[field.name] = storedValue(field, field.default, this.sql.dialect);
    }
    const now = new Date().toISOString();
    const [inserted] = await this.write(() => this.sql.table(this.em, this.tableOf(live)).insert({ ...stored, created_at: now, updated_at: now }, ['id']));
    const id = typeof inserted === 'object' ? (inserted as { id: number }).id : inserted;
    return this.get(module, modelName, Number(id));
  }

  async update(module: string, modelName: string, id: number, values: Record<string, unknown>): Promise<ModuleRecord> {
    const live = await this.catalog.liveModel(module, modelName);
    await this.access.require(live.install, 'write');
    const stored = await this.checked(live, values, true);
    await this.row(live, id);
    await this.write(() => this.sql.table(this.em, this.tableOf(live)).where('id', id).update({ ...stored, updated_at: new Date().toISOString() }));
    return this.shown(live, await this.row(live, id));
  }

  /** Deletes the record; refs pointing at it from the module's models become null. */
  async delete(module: string, modelName: string, id: number): Promise<boolean> {
    const live = await this.catalog.liveModel(module, modelName);
    await this.access.require(live.install, 'write');
    return this.em.transactional(async (em) => {
      const deleted = await this.sql.table(em, this.tableOf(live)).where('id', id).delete();
      if (deleted === 0) throw notFound(`${live.model.name} ${id} does not exist`);
      for (const model of live.install.contents.models.models) {
        for (const field of model.fields.filter((candidate) => candidate.type === 'ref' && candidate.to === live.model.name)) {
          await this.sql.table(em, tableName(module, model.name)).where(field.name, id).update({ [field.name]: null });
        }
      }
      return true;
    });
  }

  private tableOf(live: LiveModel): string {
    return tableName(live.install.module, live.model.name);
  }

  private async row(live: LiveModel, id: number): Promise<Record<string, unknown>> {
    const row = await this.sql.table(this.em, this.tableOf(live)).where('id', id).first();
    if (!row) throw notFound(`${live.model.name} ${id} does not exist`);
    return row as Record<string, unknown>;
  }

  /** The values as columns store them, after checking them and the records their refs name. */
  private async checked(live: LiveModel, values: Record<string, unknown>, partial: boolean): Promise<Record<string, unknown>> {
    const problems = rowProblems(live.model.fields, values, { partial });
    if (problems.length > 0) {
      const fields: Record<string, string[]> = {};
      for (const { field, message } of problems) (fields[field] ??= []).push(`${field} ${message}`);
      throw new AppError('BAD_USER_INPUT', `${problems[0].field} ${problems[0].message}`, { field: problems[0].field, details: { fields } });
    }
    const stored: Record<string, unknown> = {};
    for (const field of live.model.fields) {
      if (!Object.hasOwn(values, field.name)) continue;
      const value = values[field.name];
      if (field.type === 'ref' && value !== null) {
        const target = await this.sql.table(this.em, tableName(live.install.module, field.to!)).where('id', value as number).first('id');
        if (!target) throw badInput(field.name, `${field.name} names ${field.to} ${String(value)}, which does not exist`);
      }
      stored[field.name] = storedValue(field, value, this.sql.dialect);
    }
    return stored;
  }

  private async write<T>(statement: () => Promise<T>): Promise<T> {
    try {
      return await statement();
    } catch (error) {
      if (!isUniqueViolation(error) && !/unique/i.test(String((error as Error).message))) throw error;
      throw new AppError('CONFLICT', 'A record with this unique value exists', { field: uniqueField(error) });
    }
  }

  private shown(live: LiveModel, row: Record<string, unknown>): ModuleRecord {
    const record: ModuleRecord = { id: Number(row.id), created_at: shownTimestamp(row.created_at), updated_at: shownTimestamp(row.updated_at) };
    for (const field of live.model.fields) record[field.name] = shownValue(field, row[field.name]);
    return record;
  }
}

/** The column a unique violation names, when the driver's message says. */
function uniqueField(error: unknown): string | undefined {
  const message = String((error as Error).message);
  return /\.(\w+)(?:\s|$)/.exec(message.split('UNIQUE constraint failed: ')[1] ?? '')?.[1] ?? /Key \((\w+)\)/.exec(String((error as { detail?: string }).detail ?? message))?.[1];
}
