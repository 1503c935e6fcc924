import { join } from 'node:path';
import type { DomainDatabaseSpec } from '../../lib/db';
import { installerEntities } from './entities';

/** The installer's data (installs, staged packages, members, texts) and, beside it, the live modules' tables. */
export const installerDatabase: DomainDatabaseSpec = { name: 'installer', entities: installerEntities, migrationsRoot: join(__dirname, 'migrations') };
