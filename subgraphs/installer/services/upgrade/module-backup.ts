import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlEntityManager } from '../../../../lib/db';
import type { InstalledModule } from '../../entities';
import { tableName, type ModuleSql } from '../tables/module-sql';
import type { PlannedOperation } from './upgrade-plan';

/** `20261122T174501Z`: sortable, and safe in a folder name. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * Writes every table the upgrade touches, row by row as JSON, under
 * DATA_DIR/backups/<module>_v<installed version>_<timestamp>/, with an index file saying what
 * it holds. Read inside the upgrade's transaction, after its lock: the rows are the ones the
 * operations start from.
 */
export async function backUpTables(
  em: SqlEntityManager,
  sql: ModuleSql,
  install: InstalledModule,
  plan: PlannedOperation[],
  targetVersion: number,
  backupsRoot: string,
): Promise<string> {
  const folder = join(backupsRoot, `${install.module}_v${install.version}_${stamp(new Date())}`);
  await mkdir(folder, { recursive: true });
  const liveModels = new Set(install.contents.models.models.map((model) => model.name));
  const touched = new Set<string>();
  for (const operation of plan) {
    const model = operation.op === 'rename_model' ? operation.old_name! : operation.model;
    if (liveModels.has(model)) touched.add(model);
  }
  const tables: Record<string, number> = {};
  for (const model of touched) {
    const table = tableName(install.module, model);
    const rows = await sql.table(em, table).select('*').orderBy('id');
    tables[table] = rows.length;
    await writeFile(join(folder, `${table}.json`), JSON.stringify(rows, null, 1));
  }
  const index = { module: install.module, from_version: install.version, to_version: targetVersion, taken_at: new Date().toISOString(), tables, models: install.contents.models };
  await writeFile(join(folder, 'backup.json'), JSON.stringify(index, null, 2));
  return folder;
}
