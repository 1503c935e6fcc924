import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ManifestSchema, UpgradeFileSchema, type Manifest, type UpgradeFile } from '../contents/package-schemas';
import { JsonDocument } from './json-document';
import { schemaProblems } from './schema-check';

/**
 * The manifest and upgrade.json of an extracted package when both are well formed, read before
 * the full validation: an upgrade answers not-installed, up-to-date and its preview first.
 * Undefined when either is missing or broken; the full validation then reports why.
 */
export async function readPackageHead(folder: string, files: string[]): Promise<{ manifest: Manifest; upgrade?: UpgradeFile } | undefined> {
  const manifest = await wellFormed<Manifest>(folder, files, 'manifest.json', ManifestSchema);
  if (!manifest) return undefined;
  if (!files.includes('upgrade.json')) return { manifest };
  const upgrade = await wellFormed<UpgradeFile>(folder, files, 'upgrade.json', UpgradeFileSchema);
  return upgrade ? { manifest, upgrade } : undefined;
}

async function wellFormed<T>(folder: string, files: string[], path: string, schema: Parameters<typeof schemaProblems>[2]): Promise<T | undefined> {
  if (!files.includes(path)) return undefined;
  const parsed = JsonDocument.parse(await readFile(join(folder, path), 'utf8'));
  if (!('document' in parsed) || schemaProblems(path, parsed.document, schema).length > 0) return undefined;
  return parsed.document.value as T;
}
