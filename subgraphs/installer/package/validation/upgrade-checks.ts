import type { Manifest, ModelsFile, UpgradeFile, UpgradeOperation } from '../contents/package-schemas';
import { problemAt } from '../package-errors';
import type { JsonDocument } from './json-document';
import { declarationProblems } from './model-checks';

const NEEDS_NAME = new Set(['add_field', 'remove_field', 'rename_field', 'alter_field']);
const NEEDS_OLD_NAME = new Set(['rename_model', 'rename_field']);

/**
 * upgrade.json against the target state it leads to: versions ascending up to the manifest's
 * schema_version, each operation complete for its kind, and what must exist after it (added or
 * renamed models and fields, altered declarations) present in the target models.json.
 */
export function upgradeProblems(path: string, document: JsonDocument, upgrade: UpgradeFile, manifest: Manifest, models: ModelsFile): string[] {
  const problems: string[] = [];
  const at = (pointer: Array<string | number>, message: string) => problems.push(problemAt(path, message, document.lineOf(pointer)));
  if (upgrade.schema_version !== manifest.schema_version) at(['schema_version'], `schema_version ${upgrade.schema_version} differs from the manifest's ${manifest.schema_version}`);
  const target = new Map(models.models.map((model) => [model.name, new Map(model.fields.map((field) => [field.name, field]))]));
  const modelNames = new Set(target.keys());
  let previous = 0;
  upgrade.versions.forEach((version, v) => {
    if (version.version <= previous) at(['versions', v, 'version'], `version ${version.version} does not follow ${previous}`);
    if (version.version > manifest.schema_version) at(['versions', v, 'version'], `version ${version.version} is above the manifest's schema_version ${manifest.schema_version}`);
    previous = version.version;
    version.operations.forEach((operation, o) => {
      for (const message of operationProblems(operation, target, modelNames)) at(['versions', v, 'operations', o], `${operation.op} ${operation.model}: ${message}`);
    });
  });
  return problems;
}

function operationProblems(operation: UpgradeOperation, target: Map<string, Map<string, unknown>>, modelNames: Set<string>): string[] {
  const problems: string[] = [];
  if (NEEDS_NAME.has(operation.op) && !operation.name) problems.push('needs "name", the field');
  if (NEEDS_OLD_NAME.has(operation.op) && !operation.old_name) problems.push('needs "old_name"');
  const fields = target.get(operation.model);
  switch (operation.op) {
    case 'add_model':
    case 'rename_model':
      if (!fields) problems.push('the model is missing from models.json');
      break;
    case 'delete_model':
      if (fields) problems.push('the model is still in models.json');
      break;
    case 'add_field':
    case 'rename_field':
    case 'alter_field':
      if (!fields) problems.push('the model is missing from models.json');
      else if (operation.name && !fields.has(operation.name)) problems.push(`field ${operation.name} is missing from models.json`);
      break;
    case 'remove_field':
      if (fields && operation.name && fields.has(operation.name)) problems.push(`field ${operation.name} is still in models.json`);
      break;
  }
  if (operation.op === 'alter_field') {
    if (!operation.from_decl || !operation.to_decl) problems.push('needs "from_decl" and "to_decl"');
    else problems.push(...declarationProblems(operation.to_decl, modelNames).map((problem) => `to_decl: ${problem}`));
    // A declaration copied from models.json carries the field's name: it must be the field altered.
    for (const key of ['from_decl', 'to_decl'] as const) {
      const named = operation[key]?.name;
      if (named !== undefined && operation.name && named !== operation.name) problems.push(`${key}: name ${named} is not the altered field, ${operation.name}`);
    }
  }
  return problems;
}
