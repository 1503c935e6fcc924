import { loadConfig } from '../../lib/config';
import { openDomainDatabase } from '../../lib/db';
import { createLogger } from '../../lib/logging';
import { MICROCENTS_PER_CENT, Reservation, ReservationStatus, Workflow } from '../../subgraphs/guard/entities';
import { guardSubgraph } from '../../subgraphs/guard/guard.subgraph';

/** A workflow's money as the database holds it, read directly, as an auditor would. */
export interface Ledger {
  budgetMicrocents: number;
  spentMicrocents: number;
  heldMicrocents: number;
  /** The consumed reservations' charges summed. */
  chargedMicrocents: number;
  consumed: number;
  /** Consumptions that charged more than their reservation (each by at most epsilon). */
  chargedAboveProjection: number;
  /** The largest charge above its reservation. */
  largestExcessMicrocents: number;
  stillOpen: number;
}

export async function ledgerOf(env: NodeJS.ProcessEnv, workflowId: string): Promise<Ledger> {
  const orm = await openDomainDatabase(guardSubgraph.database!, loadConfig(env), createLogger('test', 'silent'));
  try {
    const em = orm.em.fork();
    const workflow = await em.findOneOrFail(Workflow, { id: workflowId });
    const reservations = await em.find(Reservation, { workflowId });
    const consumed = reservations.filter((reservation) => reservation.status === ReservationStatus.consumed);
    const excess = consumed.map((reservation) => Number(reservation.chargedMicrocents) - Number(reservation.projectedMicrocents));
    return {
      budgetMicrocents: workflow.budgetCents * MICROCENTS_PER_CENT,
      spentMicrocents: Number(workflow.spentMicrocents),
      heldMicrocents: Number(workflow.heldMicrocents),
      chargedMicrocents: consumed.reduce((sum, reservation) => sum + Number(reservation.chargedMicrocents), 0),
      consumed: consumed.length,
      chargedAboveProjection: excess.filter((amount) => amount > 0).length,
      largestExcessMicrocents: Math.max(0, ...excess),
      stillOpen: reservations.filter((reservation) => reservation.status === ReservationStatus.open).length,
    };
  } finally {
    await orm.close();
  }
}
