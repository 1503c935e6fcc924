import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../lib/config';
import { createScratchPostgres, openDomainDatabase } from '../lib/db';
import { subgraphs } from './index';

const withDatabase = subgraphs.filter((subgraph) => subgraph.database);
const dialects: Array<Config['database']['dialect']> = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgresql'] : ['sqlite'];

describe.each(dialects)('committed migrations build what the entities describe [%s]', (dialect) => {
  it.each(withDatabase.map((subgraph) => [subgraph.name, subgraph] as const))('%s', async (_name, subgraph) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-migrations-check-'));
    const scratch = dialect === 'postgresql' ? await createScratchPostgres(process.env.TEST_DATABASE_URL!, 'switchyard_check') : undefined;
    const orm = await openDomainDatabase(subgraph.database!, { dataDir, database: { dialect, url: scratch?.url } });
    try {
      expect(await orm.schema.getUpdateSchemaSQL({ wrap: false })).toBe('');
    } finally {
      await orm.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
