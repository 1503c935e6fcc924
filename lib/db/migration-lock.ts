import { pgClient } from './pg-client';

/**
 * Runs `migrate` while this process holds a PostgreSQL advisory lock named after the subgraph's
 * schema, taken on a connection of its own. Replicas started together on a fresh database (the
 * pods of a Deployment, the services of a Compose file) take turns: the second finds the
 * migrations applied instead of racing the first to create the same schema and tables, which
 * failed its start (`duplicate key value violates unique constraint "pg_namespace_nspname_index"`).
 * The lock belongs to the session, so a replica killed while it migrates releases it with its
 * connection, and ending the connection releases it here.
 */
export async function whileMigrationsLocked<T>(databaseUrl: string, schema: string, migrate: () => Promise<T>): Promise<T> {
  const client = pgClient(databaseUrl);
  // A connection lost while we wait or migrate fails the query or the migration; the event must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [`switchyard/migrations/${schema}`]);
    return await migrate();
  } finally {
    await client.end();
  }
}
