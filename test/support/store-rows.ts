import { loadConfig } from '../../lib/config';
import { openDomainDatabase, type DomainOrm } from '../../lib/db';
import { createLogger } from '../../lib/logging';
import { storeSubgraph } from '../../subgraphs/store/store.subgraph';
import type { StackTarget } from './targets';

/** Works on the stack's own store database directly: seeding in bulk, and setting counters to test limits. */
export async function withStoreDatabase<T>(target: StackTarget, work: (orm: DomainOrm) => Promise<T>): Promise<T> {
  const orm = await openDomainDatabase(storeSubgraph.database!, loadConfig(target.env), createLogger('test', 'silent'));
  try {
    return await work(orm);
  } finally {
    await orm.close();
  }
}
