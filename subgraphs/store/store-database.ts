import { join } from 'node:path';
import type { DomainDatabaseSpec } from '../../lib/db';
import { storeEntities } from './entities';

/** The store's data: its entities and the migrations that build them. */
export const storeDatabase: DomainDatabaseSpec = { name: 'store', entities: storeEntities, migrationsRoot: join(__dirname, 'migrations') };
