import type { FieldDecl, UpgradeFile, UpgradeOperation } from '../../package/contents/package-schemas';

export type Severity = 'destructive' | 'lossy' | 'safe';

/** One operation of an upgrade, in the order it runs, with the version that brings it. */
export interface PlannedOperation extends UpgradeOperation {
  version: number;
  severity: Severity;
}

const DESTRUCTIVE_OPS = new Set(['delete_model', 'remove_field']);

/** `destructive` for deletions or when marked, `lossy` when marked, `safe` otherwise (installer.md). */
export function severityOf(operation: UpgradeOperation): Severity {
  if (DESTRUCTIVE_OPS.has(operation.op) || operation.destructive) return 'destructive';
  return operation.lossy ? 'lossy' : 'safe';
}

/** The operations that take a module from `installed` to `target`, version by version. */
export function planUpgrade(upgrade: UpgradeFile | undefined, installed: number, target: number): PlannedOperation[] {
  return (upgrade?.versions ?? [])
    .filter((version) => version.version > installed && version.version <= target)
    .sort((a, b) => a.version - b.version)
    .flatMap((version) => version.operations.map((operation) => ({ ...operation, version: version.version, severity: severityOf(operation) })));
}

/** What a `from`/`to` of the preview shows: the declarations of alter_field, the names of renames. */
export function changeEnds(operation: UpgradeOperation): { from: FieldDecl | string | null; to: FieldDecl | string | null } {
  if (operation.op === 'alter_field') return { from: operation.from_decl ?? null, to: operation.to_decl ?? null };
  if (operation.op === 'rename_model' || operation.op === 'rename_field') return { from: operation.old_name ?? null, to: operation.op === 'rename_model' ? operation.model : (operation.name ?? null) };
  return { from: null, to: null };
}
