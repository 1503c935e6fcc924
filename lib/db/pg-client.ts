import type { Client } from 'pg';

/** A PostgreSQL client of its own (not one of an ORM's pool), with `pg` loaded only by a process that asks for one. */
export function pgClient(connectionString: string): Client {
  const { Client: PgClient } = require('pg') as typeof import('pg');
  return new PgClient({ connectionString });
}
