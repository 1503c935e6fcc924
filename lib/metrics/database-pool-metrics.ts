import { Gauge } from 'prom-client';
import type { DomainOrm } from '../db';

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

const observed = new Map<string, TarnPool>();

new Gauge({
  name: 'db_pool_connections',
  help: 'Connections of the database pool, by state (used, free, pending: requests waiting for one)',
  labelNames: ['database', 'state'] as const,
  collect() {
    for (const [database, pool] of observed) {
      this.set({ database, state: 'used' }, pool.numUsed());
      this.set({ database, state: 'free' }, pool.numFree());
      this.set({ database, state: 'pending' }, pool.numPendingAcquires());
    }
  },
});

/** Reports the connection pool (knex's) under a subgraph's ORM at each scrape, on either dialect. */
export function observeDatabasePool(name: string, orm: DomainOrm): void {
  const connection = orm.em.getConnection() as unknown as { getKnex?(): { client: { pool?: TarnPool } } };
  const pool = connection.getKnex?.().client.pool;
  if (!pool || typeof pool.numUsed !== 'function') return;
  observed.set(name, pool);
}
