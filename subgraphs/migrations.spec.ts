import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schemaDrift, withScratchPostgres } from '../lib/db';
import { subgraphs } from '.';

/** Every subgraph that owns data: its committed migrations must build exactly what its entities describe. */
const withDatabase = subgraphs.flatMap((subgraph) => (subgraph.database ? [{ name: subgraph.name, spec: subgraph.database }] : []));

describe.each(withDatabase)('migrations of $name agree with its entities', ({ name, spec }) => {
  it('on SQLite', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `switchyard-drift-${name}-`));
    try {
      expect(await schemaDrift(spec, { dataDir, database: { dialect: 'sqlite' } })).toBe('');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const adminUrl = process.env.TEST_DATABASE_URL;
  (adminUrl ? it : it.skip)('on PostgreSQL', async () => {
    const drift = await withScratchPostgres(adminUrl!, 'switchyard_drift', (url) =>
      schemaDrift(spec, { dataDir: tmpdir(), database: { dialect: 'postgresql', url } }),
    );
    expect(drift).toBe('');
  });
});
