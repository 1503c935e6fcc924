import type { SqlEntityManager } from '../../../../lib/db';
import type { InstalledModule } from '../../entities';
import type { FieldDecl } from '../../package/contents/package-schemas';
import { tableName, type ModuleSql } from '../tables/module-sql';
import { changeEnds, type PlannedOperation, type Severity } from './upgrade-plan';
import { RowProbes } from './row-probes';

export interface UpgradeChange {
  version: number;
  op: string;
  model: string;
  name: string | null;
  oldName: string | null;
  from: FieldDecl | string | null;
  to: FieldDecl | string | null;
  severity: Severity;
  /** Rows that would lose data, counted on the live tables; null when that cannot be counted. */
  rows: number | null;
}

export interface UpgradePreview {
  module: string;
  installedVersion: number;
  targetVersion: number;
  upToDate: boolean;
  requiresConfirmation: boolean;
  changes: UpgradeChange[];
}

/**
 * The preview of installer.md: each operation with its severity and the rows it would lose data
 * in. Operations run in order, so names are followed through the renames before them, and what
 * an earlier operation of the same upgrade adds has no rows yet.
 */
export async function previewUpgrade(em: SqlEntityManager, sql: ModuleSql, install: InstalledModule, targetVersion: number, plan: PlannedOperation[]): Promise<UpgradePreview> {
  const probes = new RowProbes(em, sql);
  const live = new LiveNames(install);
  const changes: UpgradeChange[] = [];
  for (const operation of plan) {
    const { from, to } = changeEnds(operation);
    let rows: number | null = 0;
    const table = live.tableOf(operation.op === 'rename_model' ? (operation.old_name ?? '') : operation.model);
    const column = operation.name && live.columnOf(operation.model, operation.name);
    try {
      if (operation.op === 'delete_model') rows = table ? await probes.allRows(table) : null;
      else if (operation.op === 'remove_field') rows = table && column ? await probes.nonNull(table, column) : null;
      else if (operation.op === 'alter_field') rows = table && column ? await probes.probe(table, column, operation) : null;
    } catch {
      rows = null; // a probe that does not fit the column's type: not countable
    }
    changes.push({ version: operation.version, op: operation.op, model: operation.model, name: operation.name ?? null, oldName: operation.old_name ?? null, from, to, severity: operation.severity, rows });
    live.follow(operation);
  }
  return {
    module: install.module,
    installedVersion: install.version,
    targetVersion,
    upToDate: targetVersion <= install.version,
    requiresConfirmation: changes.some((change) => change.severity !== 'safe'),
    changes,
  };
}

/** The live table and column names behind model and field names, as the operations so far change them. */
class LiveNames {
  /** model name → live table, or null when the model is new in this upgrade. */
  private readonly tables = new Map<string, string | null>();
  /** `model.field` → live column, or null when the field is new in this upgrade. */
  private readonly columns = new Map<string, string | null>();

  constructor(install: InstalledModule) {
    for (const model of install.contents.models.models) {
      this.tables.set(model.name, tableName(install.module, model.name));
      for (const field of model.fields) this.columns.set(`${model.name}.${field.name}`, field.name);
    }
  }

  tableOf(model: string): string | null {
    return this.tables.get(model) ?? null;
  }

  columnOf(model: string, field: string): string | null {
    return this.tableOf(model) ? (this.columns.get(`${model}.${field}`) ?? null) : null;
  }

  follow(operation: PlannedOperation): void {
    const { op, model, name, old_name: oldName } = operation;
    if (op === 'add_model') this.tables.set(model, null);
    if (op === 'delete_model') this.tables.delete(model);
    if (op === 'rename_model' && oldName) {
      this.tables.set(model, this.tables.get(oldName) ?? null);
      this.tables.delete(oldName);
      for (const [key, column] of [...this.columns]) if (key.startsWith(`${oldName}.`)) this.columns.set(`${model}.${key.slice(oldName.length + 1)}`, column);
    }
    if (op === 'add_field' && name) this.columns.set(`${model}.${name}`, null);
    if (op === 'remove_field' && name) this.columns.delete(`${model}.${name}`);
    if (op === 'rename_field' && name && oldName) {
      this.columns.set(`${model}.${name}`, this.columns.get(`${model}.${oldName}`) ?? null);
      this.columns.delete(`${model}.${oldName}`);
    }
  }
}
