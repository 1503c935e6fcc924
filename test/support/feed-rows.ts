import { loadConfig } from '../../lib/config';
import { openDomainDatabase } from '../../lib/db';
import { createLogger } from '../../lib/logging';
import { Subscription } from '../../subgraphs/feed/entities';
import { feedDatabase } from '../../subgraphs/feed/feed-database';
import type { StackTarget } from './targets';

/** The subscription rows of a brand, counted in the stack's own feed database. */
export async function subscriptionRows(target: StackTarget, brandId: string): Promise<number> {
  const orm = await openDomainDatabase(feedDatabase, loadConfig(target.env), createLogger('test', 'silent'));
  try {
    return await orm.em.fork().count(Subscription, { brand: brandId });
  } finally {
    await orm.close();
  }
}
