import { join } from 'node:path';
import type { DomainDatabaseSpec } from '../../lib/db';
import { feedEntities } from './entities';

/** The feed's data: its entities and the migrations that build them. */
export const feedDatabase: DomainDatabaseSpec = { name: 'feed', entities: feedEntities, migrationsRoot: join(__dirname, 'migrations') };
