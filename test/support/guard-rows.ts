import { loadConfig } from '../../lib/config';
import { openDomainDatabase } from '../../lib/db';
import { createLogger } from '../../lib/logging';
import { Reservation } from '../../subgraphs/guard/entities';
import { guardSubgraph } from '../../subgraphs/guard/guard.subgraph';
import type { StackTarget } from './targets';

/** The reservations the stack's guard database holds for one execution of an organisation (read directly, as an auditor would). */
export async function reservationsOf(target: StackTarget, organisationId: string, executionId: string): Promise<Reservation[]> {
  const orm = await openDomainDatabase(guardSubgraph.database!, loadConfig(target.env), createLogger('test', 'silent'));
  try {
    return await orm.em.fork().find(Reservation, { organisationId, executionId });
  } finally {
    await orm.close();
  }
}
