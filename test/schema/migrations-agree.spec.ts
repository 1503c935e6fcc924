import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchPostgres, openDomainDatabase, type Dialect } from '../../lib/db';
import { subgraphs } from '../../subgraphs';

/**
 * Every subgraph's committed migrations, applied to an empty database, build exactly the schema
 * its entities describe: nothing is left for the schema generator to change.
 */
const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgresql'] : ['sqlite'];
const owningData = subgraphs.filter((subgraph) => subgraph.database);

describe.each(dialects)('migrations agree with entities [%s]', (dialect) => {
  it.each(owningData.map((subgraph) => [subgraph.name, subgraph.database!] as const))('%s', async (_name, spec) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-migrations-'));
    const scratch = dialect === 'postgresql' ? await createScratchPostgres(process.env.TEST_DATABASE_URL!, 'switchyard_schema') : undefined;
    try {
      const orm = await openDomainDatabase(spec, { dataDir, database: { dialect, url: scratch?.url } });
      try {
        expect(await orm.schema.getUpdateSchemaSQL({ wrap: false })).toBe('');
      } finally {
        await orm.close();
      }
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
