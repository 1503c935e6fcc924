/**
 * Writes the sample packages of the README's try-it steps:
 *   npm run installer:sample-package [-- <folder>]
 * library-v1.zip installs the `library` module; library-v2.zip upgrades it, removing Book.pages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { samplePackageFiles } from './sample-package';
import { zipFiles } from './zip-writer';

async function main(): Promise<void> {
  const folder = resolve(process.argv[2] ?? 'installer-samples');
  mkdirSync(folder, { recursive: true });
  for (const version of [1, 2] as const) {
    const path = join(folder, `library-v${version}.zip`);
    writeFileSync(path, await zipFiles(samplePackageFiles(version)));
    console.log(`wrote ${path}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
