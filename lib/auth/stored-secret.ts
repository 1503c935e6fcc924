import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Reads a secret kept in `DATA_DIR`, creating it first when absent. Several processes start at
 * once on one machine, so creation is a write to a private temp file and an atomic link: the
 * first one wins and everyone reads the winner's secret.
 */
export function readOrCreateSecret(dataDir: string, fileName: string, create: () => string): string {
  const path = join(dataDir, fileName);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, create(), { mode: 0o600 });
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temp);
  }
  return readFileSync(path, 'utf8');
}
