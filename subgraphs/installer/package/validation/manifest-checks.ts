import { MODULE_NAME, PLATFORM_NAMES } from '../contents/field-types';
import type { AppAdditions, Manifest } from '../contents/package-schemas';
import { moduleFolderOf } from '../entry-path';
import { problemAt } from '../package-errors';
import type { JsonDocument } from './json-document';

/** The module's name, its roles and menu, against the rules JSON Schema cannot state. */
export function manifestProblems(document: JsonDocument, manifest: Manifest): string[] {
  const problems: string[] = [];
  const at = (pointer: Array<string | number>, message: string) => problems.push(problemAt('manifest.json', message, document.lineOf(pointer)));
  if (!MODULE_NAME.test(manifest.module)) at(['module'], `module "${manifest.module}" must match ${MODULE_NAME.source}`);
  if ((PLATFORM_NAMES as readonly string[]).includes(manifest.module)) at(['module'], `module "${manifest.module}" is a platform name (${PLATFORM_NAMES.join(', ')})`);
  if (!manifest.languages.includes(manifest.main_language)) at(['main_language'], `main_language ${manifest.main_language} is not among languages`);
  const roles = new Set<string>();
  manifest.roles.forEach((role, index) => {
    if (roles.has(role.name)) at(['roles', index, 'name'], `role ${role.name} is declared twice`);
    roles.add(role.name);
  });
  (manifest.menu ?? []).forEach((item, index) => {
    if (item.min_role !== undefined && !roles.has(item.min_role)) at(['menu', index, 'min_role'], `min_role ${item.min_role} is not a role of the manifest`);
  });
  return problems;
}

/** Files must sit in the manifest's module folders (`backend/<module>/`, `frontend/src/<module>/`). */
export function folderProblems(files: string[], module: string): string[] {
  return files
    .filter((file) => {
      const folder = moduleFolderOf(file);
      return folder !== undefined && folder !== module;
    })
    .map((file) => problemAt(file, `is outside the module's folders (backend/${module}/, frontend/src/${module}/)`));
}

/** `locales/<lang>.json` must name a language of the manifest. */
export function localeNameProblem(path: string, language: string, manifest: Manifest): string | undefined {
  return manifest.languages.includes(language) ? undefined : problemAt(path, `${language} is not among the manifest's languages (${manifest.languages.join(', ')})`);
}

export function appAdditionsProblems(path: string, document: JsonDocument, additions: AppAdditions, manifest: Manifest): string[] {
  const roles = new Set(manifest.roles.map((role) => role.name));
  return (additions.menu_items ?? []).flatMap((item, index) =>
    item.min_role !== undefined && !roles.has(item.min_role) ? [problemAt(path, `min_role ${item.min_role} is not a role of the manifest`, document.lineOf(['menu_items', index, 'min_role']))] : [],
  );
}
