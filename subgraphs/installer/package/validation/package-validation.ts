import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import {
  AppAdditionsSchema, LocaleFileSchema, ManifestSchema, ModelsFileSchema, SeedFileSchema, UpgradeFileSchema,
  type AppAdditions, type LocaleFile, type Manifest, type ModelsFile, type SeedFile, type UpgradeFile,
} from '../contents/package-schemas';
import { MODULE_NAME } from '../contents/field-types';
import type { PackageContents } from '../package-contents';
import { packageInvalid, problemAt } from '../package-errors';
import { JsonDocument } from './json-document';
import { appAdditionsProblems, folderProblems, localeNameProblem, manifestProblems } from './manifest-checks';
import { declaredModels, modelProblems, seedProblems } from './model-checks';
import { schemaProblems } from './schema-check';
import { isSourceFile, sourceProblems } from './source-check';
import { upgradeProblems } from './upgrade-checks';

/**
 * Pre-flight validation of an extracted package (installer.md): JSON Schemas for every JSON
 * file, then the checks between files, then the TypeScript parser over every source file.
 * Collects every problem and throws them in one 422; returns the parsed contents otherwise.
 * Nothing is written.
 */
export async function validatePackage(root: string, files: string[]): Promise<PackageContents> {
  const problems: string[] = [];
  const read = (path: string) => readFile(join(root, path), 'utf8');

  /** The file's JSON (undefined when it is absent or not JSON), and its value when it also passes its schema. */
  const readJson = async <T>(path: string, schema: TSchema): Promise<{ document: JsonDocument; value?: T } | undefined> => {
    if (!files.includes(path)) return undefined;
    const result = JsonDocument.parse(await read(path));
    if ('errors' in result) {
      problems.push(...result.errors.map((error) => problemAt(path, error.message, error.line)));
      return undefined;
    }
    const found = schemaProblems(path, result.document, schema);
    problems.push(...found);
    return { document: result.document, ...(found.length === 0 && { value: result.document.value as T }) };
  };
  const parsed = async <T>(path: string, schema: TSchema): Promise<{ document: JsonDocument; value: T } | undefined> => {
    const json = await readJson<T>(path, schema);
    return json && json.value !== undefined ? { document: json.document, value: json.value } : undefined;
  };

  const manifest = await parsed<Manifest>('manifest.json', ManifestSchema);
  if (!files.includes('manifest.json')) problems.push(problemAt('manifest.json', 'the package has no manifest.json', 1));
  for (const source of files.filter(isSourceFile)) problems.push(...sourceProblems(source, await read(source)));
  // A manifest with problems may still name its module: the module's own files are checked all the same.
  const module = manifest?.value.module ?? (await declaredModule(files, read));
  if (module === undefined) throw packageInvalid(problems);
  if (manifest) problems.push(...manifestProblems(manifest.document, manifest.value), ...folderProblems(files, module));

  const modelsPath = `backend/${module}/models.json`;
  const modelsJson = await readJson<ModelsFile>(modelsPath, ModelsFileSchema);
  const models = modelsJson?.value && { document: modelsJson.document, value: modelsJson.value };
  if (!files.includes(modelsPath)) problems.push(problemAt(modelsPath, 'the package has no models.json for its module', 1));
  if (models) problems.push(...modelProblems(modelsPath, models.document, models.value));

  // Seed rows are checked against what models.json declares validly, even when some of it is not.
  const seedPath = `backend/${module}/seed.json`;
  const seed = await parsed<SeedFile>(seedPath, SeedFileSchema);
  const declared = models ? { models: models.value, unverified: new Map() } : modelsJson && declaredModels(modelsJson.document.value);
  if (seed && declared) problems.push(...seedProblems(seedPath, seed.document, seed.value, declared));

  const locales: Record<string, LocaleFile> = {};
  const localePrefix = `backend/${module}/locales/`;
  for (const path of files.filter((file) => file.startsWith(localePrefix))) {
    const language = path.slice(localePrefix.length, -'.json'.length);
    const nameProblem = manifest && localeNameProblem(path, language, manifest.value);
    if (nameProblem) problems.push(nameProblem);
    const locale = await parsed<LocaleFile>(path, LocaleFileSchema);
    if (locale) locales[language] = locale.value;
  }

  const upgrade = await parsed<UpgradeFile>('upgrade.json', UpgradeFileSchema);
  if (upgrade && models && manifest) problems.push(...upgradeProblems('upgrade.json', upgrade.document, upgrade.value, manifest.value, models.value));
  const additions = await parsed<AppAdditions>('frontend/app_additions.json', AppAdditionsSchema);
  if (additions && manifest) problems.push(...appAdditionsProblems('frontend/app_additions.json', additions.document, additions.value, manifest.value));

  if (problems.length > 0 || !models || !manifest) throw packageInvalid(problems);
  return {
    manifest: manifest.value,
    models: models.value,
    seed: seed?.value ?? {},
    locales,
    upgrade: upgrade?.value,
    appAdditions: additions?.value,
    files,
  };
}

/** The `module` of a manifest that failed its schema, when it still names one in the right form. */
async function declaredModule(files: string[], read: (path: string) => Promise<string>): Promise<string | undefined> {
  if (!files.includes('manifest.json')) return undefined;
  const result = JsonDocument.parse(await read('manifest.json'));
  const value = 'document' in result ? (result.document.value as { module?: unknown } | null) : undefined;
  return typeof value?.module === 'string' && MODULE_NAME.test(value.module) ? value.module : undefined;
}
