import { join } from 'node:path';
import type { DomainDatabaseSpec } from '../../lib/db';
import { guardEntities } from './entities';

/** The guard's data: its entities and the migrations that build them. */
export const guardDatabase: DomainDatabaseSpec = { name: 'guard', entities: guardEntities, migrationsRoot: join(__dirname, 'migrations') };
