import { BUILT_IN_FIELDS, DEFAULT_STRING_LENGTH } from '../contents/field-types';
import { fieldValueProblem, rowProblems } from '../contents/field-value';
import { FieldSchema, type Field, type Model, type ModelsFile, type SeedFile } from '../contents/package-schemas';
import { problemAt } from '../package-errors';
import type { JsonDocument } from './json-document';
import { conforms } from './schema-check';

/** What JSON Schema cannot say about models.json: unique names, references inside the module, sensible declarations. */
export function modelProblems(path: string, document: JsonDocument, models: ModelsFile): string[] {
  const problems: string[] = [];
  const at = (pointer: Array<string | number>, message: string) => problems.push(problemAt(path, message, document.lineOf(pointer)));
  const names = new Set(models.models.map((model) => model.name));
  const seenModels = new Set<string>();
  models.models.forEach((model, m) => {
    if (seenModels.has(model.name)) at(['models', m, 'name'], `model ${model.name} is declared twice`);
    seenModels.add(model.name);
    const seenFields = new Set<string>();
    model.fields.forEach((field, f) => {
      const where = ['models', m, 'fields', f];
      const label = `${model.name}.${field.name}`;
      if ((BUILT_IN_FIELDS as readonly string[]).includes(field.name)) at([...where, 'name'], `${label}: ${field.name} is given to every model and cannot be declared`);
      if (seenFields.has(field.name)) at([...where, 'name'], `${label} is declared twice`);
      seenFields.add(field.name);
      for (const problem of declarationProblems(field, names)) at(where, `${label}: ${problem}`);
    });
  });
  return problems;
}

/** Problems of one field declaration (also an `alter_field` target) against the module's model names. */
export function declarationProblems(field: Omit<Field, 'name'>, modelNames: Set<string>): string[] {
  const problems: string[] = [];
  if (field.type === 'ref') {
    if (!field.to) problems.push('a ref field needs "to", the model it points at');
    else if (!modelNames.has(field.to)) problems.push(`"to" names ${field.to}, which is not a model of this module`);
  } else if (field.to !== undefined) problems.push('only ref fields take "to"');
  if (field.max_length !== undefined && field.type !== 'string') problems.push('only string fields take "max_length"');
  if (field.default !== undefined) {
    const problem = fieldValueProblem({ ...field, max_length: field.max_length ?? DEFAULT_STRING_LENGTH }, field.default);
    if (problem && field.default !== null) problems.push(`default ${problem}`);
  }
  return problems;
}

/**
 * What a models.json that failed its schema still declares: the fields that pass their own schema
 * (in `models`), and by model the names of those that do not (`unverified`, a model's own name
 * mapping to null when even its list of fields is unreadable). Seed rows are then checked against
 * the declarations that did validate, so that one answer lists their problems too.
 */
export interface DeclaredModels {
  models: ModelsFile;
  unverified: Map<string, Set<string> | null>;
}

export function declaredModels(raw: unknown): DeclaredModels {
  const models: Model[] = [];
  const unverified = new Map<string, Set<string> | null>();
  const entries = (raw as { models?: unknown } | null)?.models;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const { name, fields } = (entry ?? {}) as { name?: unknown; fields?: unknown };
    if (typeof name !== 'string') continue;
    if (!Array.isArray(fields)) {
      unverified.set(name, null);
      continue;
    }
    const valid = fields.filter((field): field is Field => conforms(FieldSchema, field));
    const invalid = fields.filter((field) => !conforms(FieldSchema, field)).map((field) => (field as { name?: unknown } | null)?.name);
    models.push({ name, fields: valid });
    if (invalid.length > 0) unverified.set(name, new Set(invalid.filter((fieldName): fieldName is string => typeof fieldName === 'string')));
  }
  return { models: { models }, unverified };
}

/**
 * Seed rows against the models: known models, known fields, values each field accepts. Fields
 * and models in `unverified` (declared, but not validly) are known names whose values go unjudged.
 */
export function seedProblems(path: string, document: JsonDocument, seed: SeedFile, declared: DeclaredModels): string[] {
  const problems: string[] = [];
  const byName = new Map(declared.models.models.map((model) => [model.name, model]));
  for (const [modelName, rows] of Object.entries(seed)) {
    const model = byName.get(modelName);
    if (!model) {
      if (!declared.unverified.has(modelName)) problems.push(problemAt(path, `${modelName} is not a model of this module`, document.lineOf([modelName])));
      continue;
    }
    const unjudged = declared.unverified.get(modelName) ?? new Set<string>();
    rows.forEach((row, index) => {
      const found = rowProblems(model.fields, row).filter((problem) => !unjudged.has(problem.field));
      // A seeded ref names the target's seed row by position: the id that row gets in the new table.
      for (const field of model.fields) {
        const value = row[field.name];
        if (field.type !== 'ref' || typeof value !== 'number' || found.some((problem) => problem.field === field.name)) continue;
        if (value > (seed[field.to ?? '']?.length ?? 0)) found.push({ field: field.name, message: `points at ${field.to} #${value}, which the seed does not create` });
      }
      for (const { field, message } of found) {
        const line = document.lineOf(Object.hasOwn(row, field) ? [modelName, index, field] : [modelName, index]);
        problems.push(problemAt(path, `${modelName}[${index}].${field} ${message}`, line));
      }
    });
  }
  return problems;
}
