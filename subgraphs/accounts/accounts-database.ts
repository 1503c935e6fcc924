import { join } from 'node:path';
import type { DomainDatabaseSpec } from '../../lib/db';
import { accountsEntities } from './entities';

/** The accounts' data: its entities and the migrations that build them. */
export const accountsDatabase: DomainDatabaseSpec = { name: 'accounts', entities: accountsEntities, migrationsRoot: join(__dirname, 'migrations') };
