/**
 * Loads brands from a JSON array into the feed's database, creating or updating them by `url`:
 *   npm run feed:import-brands -- <file.json>
 * Uses the same configuration as the feed subgraph (DATA_DIR, DATABASE_URL...). Every entry is
 * checked first; when any is invalid, the problems are listed and nothing is written. Running the
 * same file again changes nothing.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../../../lib/config';
import { openDomainDatabase } from '../../../lib/db';
import { createLogger } from '../../../lib/logging';
import { feedDatabase } from '../feed-database';
import { BrandImportService, type ImportOutcome } from '../services/brand-import.service';
import { parseBrandFile } from './brand-file';
import { importProgress } from './import-progress';

async function main(): Promise<number> {
  const path = process.argv[2];
  if (!path || process.argv.length > 3) {
    console.error('usage: npm run feed:import-brands -- <file.json>');
    return 2;
  }
  const config = loadConfig();
  const { brands, problems } = parseBrandFile(readFileSync(path, 'utf8'));
  if (problems.length > 0) {
    console.error(`${path}: nothing imported, ${problems.length} problem(s):`);
    for (const problem of problems) console.error(`  ${problem}`);
    return 1;
  }

  const orm = await openDomainDatabase(feedDatabase, config, createLogger('feed-import', config.logLevel));
  const tally: Record<ImportOutcome, number> = { created: 0, updated: 0, unchanged: 0 };
  const progress = importProgress(brands.length);
  try {
    for (const brand of brands) {
      tally[await new BrandImportService(orm.em.fork()).upsert(brand)] += 1;
      progress.advance();
    }
  } finally {
    progress.stop();
    await orm.close();
  }
  console.log(`${brands.length} brands imported: ${tally.created} created, ${tally.updated} updated, ${tally.unchanged} unchanged`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || (error as NodeJS.ErrnoException).code === 'ENOENT' ? (error as Error).message : error);
    process.exit(1);
  },
);
