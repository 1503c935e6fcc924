import { raw } from '@mikro-orm/core';
import { forUpdate, sqlEntityManager, type DomainOrm, type SqlEntityManager } from '../../../../lib/db';
import { BudgetLease, MICROCENTS_PER_CENT, Reservation, ReservationStatus, Workflow } from '../../entities';
import type { BudgetTotals } from '../shared/budget-totals';

export type ConsumeOutcome =
  | { kind: 'consumed'; reservation: Reservation; totals: BudgetTotals }
  | { kind: 'replay'; reservation: Reservation }
  | { kind: 'closed'; reservation: Reservation }
  /** The reservation is of another workflow than the one the consumer is bound to: untouched. */
  | { kind: 'other_workflow'; reservation: Reservation }
  | { kind: 'unknown' };

/** Whose reservations a consumer may consume: its organisation's, and only its workflow's when it is bound to one. */
export interface ReservationOwner {
  organisationId: string;
  workflowId: string | null;
}

/** SQL that keeps a workflow's spend plus held budget within its budget. */
const FREE_BUDGET = `budget_cents * ${MICROCENTS_PER_CENT} - spent_microcents - held_microcents`;

/**
 * Every movement of money, as atomic SQL in the database: `held` grows only by a conditional
 * increment that keeps spent + held within the budget, so guard instances together never
 * admit more projected cost than the budget, whatever they hold in memory. A reservation
 * leaves `open` exactly once (conditional update), so nothing is counted twice.
 */
export class BudgetLedger {
  constructor(private readonly orm: DomainOrm) {}

  /** Moves `amount` of free budget into a lease of `holder`; undefined when less is free. */
  async grant(workflowId: string, holder: string, leaseId: string | undefined, amount: number): Promise<{ leaseId: string; totals: BudgetTotals } | undefined> {
    return this.em().transactional(async (em) => {
      const moved = await em
        .createQueryBuilder(Workflow)
        .update({ heldMicrocents: raw('held_microcents + ?', [amount]) })
        .where({ id: workflowId })
        .andWhere(`${FREE_BUDGET} >= ?`, [amount])
        .execute('run');
      if (moved.affectedRows !== 1) return undefined;
      let id = leaseId;
      if (id) {
        const extended = await em
          .createQueryBuilder(BudgetLease)
          .update({ grantedMicrocents: raw('granted_microcents + ?', [amount]), renewedAt: new Date() })
          .where({ id, closedAt: null })
          .execute('run');
        if (extended.affectedRows !== 1) id = undefined;
      }
      if (!id) {
        const lease = new BudgetLease(workflowId, holder);
        lease.grantedMicrocents = amount;
        await em.persistAndFlush(lease);
        id = lease.id;
      }
      return { leaseId: id, totals: await this.totalsIn(em, workflowId) };
    });
  }

  /** Closes a lease, giving back what its holder did not reserve. */
  async closeLease(leaseId: string, workflowId: string, unused: number): Promise<BudgetTotals | undefined> {
    return this.em().transactional(async (em) => {
      const closed = await em
        .createQueryBuilder(BudgetLease)
        .update({ returnedMicrocents: unused, closedAt: new Date() })
        .where({ id: leaseId, closedAt: null })
        .execute('run');
      if (closed.affectedRows !== 1) return undefined;
      await this.moveHeld(em, workflowId, -unused);
      return this.totalsIn(em, workflowId);
    });
  }

  /** Marks the holder alive; answers the ids of its leases still open (others were reclaimed). */
  async renew(holder: string): Promise<Set<string>> {
    const em = this.em();
    await em.createQueryBuilder(BudgetLease).update({ renewedAt: new Date() }).where({ holder, closedAt: null }).execute('run');
    const open = await em.find(BudgetLease, { holder, closedAt: null }, { fields: ['id'] });
    return new Set(open.map((lease) => lease.id));
  }

  /**
   * Closes leases whose holder stopped renewing them (it crashed), giving back what it had not
   * reserved: the lease's grant less the reservations recorded against it.
   */
  async reclaimAbandoned(cutoff: Date): Promise<BudgetTotals[]> {
    const stale = await this.em().find(BudgetLease, { closedAt: null, renewedAt: { $lt: cutoff } }, { limit: 100 });
    const touched: BudgetTotals[] = [];
    for (const lease of stale) {
      const reserved = await this.reservedAgainst(lease.id);
      const totals = await this.closeLease(lease.id, lease.workflowId, Math.max(0, lease.grantedMicrocents - reserved));
      if (totals) touched.push(totals);
    }
    return touched;
  }

  /**
   * Turns a reservation into spend, the hard cap's one step that may pass the budget: the actual
   * cost is charged up to the projection plus `epsilon` (the reservation keeps the actual cost
   * too) and, if the reservation was still open, its projection is no longer held, so spent +
   * held grows by at most `epsilon`. A reservation already released (expired, cancelled) is still
   * charged, the call happened, but only up to the free budget plus `epsilon`, read under the
   * workflow's row lock: again at most `epsilon` past the budget. `record` runs in the same
   * transaction (the usage event).
   */
  async consume(
    owner: ReservationOwner,
    reservationId: string,
    actualMicrocents: number,
    consumeKey: string | null,
    epsilonMicrocents: number,
    record: (em: SqlEntityManager, reservation: Reservation) => Promise<void>,
  ): Promise<ConsumeOutcome> {
    return this.em().transactional(async (em) => {
      // Writes first, reads after: on SQLite a transaction that read before its first write fails
      // (SQLITE_BUSY_SNAPSHOT) when another process wrote meanwhile; the first write waits its turn.
      const mine = { id: reservationId, organisationId: owner.organisationId, ...(owner.workflowId !== null && { workflowId: owner.workflowId }) };
      const closed = { actualMicrocents, epsilonMicrocents, consumeKey };
      const close = async () => {
        const open = await this.closeAsConsumed(em, mine, ReservationStatus.open, closed);
        return { wasOpen: open, wasReleased: !open && (await this.closeAsConsumed(em, mine, ReservationStatus.released, closed)) };
      };
      let { wasOpen, wasReleased } = await close();
      const reservation = await em.findOne(Reservation, { id: reservationId, organisationId: owner.organisationId });
      if (!reservation) return { kind: 'unknown' };
      if (!wasOpen && !wasReleased) {
        if (owner.workflowId !== null && reservation.workflowId !== owner.workflowId) return { kind: 'other_workflow', reservation };
        if (reservation.status !== ReservationStatus.consumed) {
          // On PostgreSQL (read committed) each statement sees what committed before it began: a
          // reservation another instance's gate wrote behind can land between the writes above
          // and this read. It is there for the next statement too, so close it now; it is only
          // ever closed once (a consumer that got there first leaves it consumed).
          ({ wasOpen, wasReleased } = await close());
          await em.refresh(reservation);
        }
      }
      if (!wasOpen && !wasReleased) {
        const replay = consumeKey !== null && reservation.consumeKey === consumeKey;
        return { kind: replay ? 'replay' : 'closed', reservation };
      }
      let charged = Number(reservation.chargedMicrocents);
      if (wasReleased) reservation.chargedMicrocents = charged = await this.chargeLate(em, reservation, charged, epsilonMicrocents);
      await em
        .createQueryBuilder(Workflow)
        .update({
          spentMicrocents: raw('spent_microcents + ?', [charged]),
          heldMicrocents: raw('held_microcents - ?', [wasOpen ? reservation.projectedMicrocents : 0]),
        })
        .where({ id: reservation.workflowId })
        .execute('run');
      await record(em, reservation);
      return { kind: 'consumed', reservation, totals: await this.totalsIn(em, reservation.workflowId) };
    });
  }

  /** Releases the open reservations matching `filter`; answers the workflows whose held budget moved. */
  async release(filter: { organisationId: string; executionId: string } | { createdBefore: Date }, limit = 500): Promise<BudgetTotals[]> {
    return this.em().transactional(async (em) => {
      const where = 'executionId' in filter ? { ...filter, status: ReservationStatus.open } : { createdAt: { $lt: filter.createdBefore }, status: ReservationStatus.open };
      const open = await em.find(Reservation, where, { limit });
      const freed = new Map<string, number>();
      for (const reservation of open) {
        const released = await em
          .createQueryBuilder(Reservation)
          .update({ status: ReservationStatus.released, closedAt: new Date() })
          .where({ id: reservation.id, status: ReservationStatus.open })
          .execute('run');
        if (released.affectedRows === 1) freed.set(reservation.workflowId, (freed.get(reservation.workflowId) ?? 0) + reservation.projectedMicrocents);
      }
      const totals: BudgetTotals[] = [];
      for (const [workflowId, amount] of freed) {
        await this.moveHeld(em, workflowId, -amount);
        totals.push(await this.totalsIn(em, workflowId));
      }
      return totals;
    });
  }

  /** Adds spend reported after the fact (usage events), inside the caller's transaction. */
  async addSpend(em: SqlEntityManager, workflowId: string, microcents: number): Promise<BudgetTotals | undefined> {
    const added = await em
      .createQueryBuilder(Workflow)
      .update({ spentMicrocents: raw('spent_microcents + ?', [microcents]) })
      .where({ id: workflowId })
      .execute('run');
    return added.affectedRows === 1 ? this.totalsIn(em, workflowId) : undefined;
  }

  private async closeAsConsumed(
    em: SqlEntityManager,
    mine: { id: string; organisationId: string; workflowId?: string },
    from: ReservationStatus,
    { actualMicrocents, epsilonMicrocents, consumeKey }: { actualMicrocents: number; epsilonMicrocents: number; consumeKey: string | null },
  ): Promise<boolean> {
    // The charge: the actual cost, but at most the projection plus epsilon.
    const charged = raw<object, number>('case when projected_microcents + ? < ? then projected_microcents + ? else ? end', [epsilonMicrocents, actualMicrocents, epsilonMicrocents, actualMicrocents]);
    const updated = await em
      .createQueryBuilder(Reservation)
      .update({ status: ReservationStatus.consumed, actualMicrocents, chargedMicrocents: charged, consumeKey, closedAt: new Date() })
      .where({ ...mine, status: from })
      .execute('run');
    return updated.affectedRows === 1;
  }

  /** What a late consumption (of a released reservation) may charge: `capped`, but no more than the free budget plus epsilon. */
  private async chargeLate(em: SqlEntityManager, reservation: Reservation, capped: number, epsilonMicrocents: number): Promise<number> {
    const workflow = await em.findOne(Workflow, { id: reservation.workflowId }, { ...forUpdate<Workflow>(em), refresh: true });
    if (!workflow) return capped;
    const free = Number(workflow.budgetCents) * MICROCENTS_PER_CENT - Number(workflow.spentMicrocents) - Number(workflow.heldMicrocents);
    const charged = Math.min(capped, Math.max(free, 0) + epsilonMicrocents);
    if (charged !== capped) await em.createQueryBuilder(Reservation).update({ chargedMicrocents: charged }).where({ id: reservation.id }).execute('run');
    return charged;
  }

  private async moveHeld(em: SqlEntityManager, workflowId: string, delta: number): Promise<void> {
    await em.createQueryBuilder(Workflow).update({ heldMicrocents: raw('held_microcents + ?', [delta]) }).where({ id: workflowId }).execute('run');
  }

  private async reservedAgainst(leaseId: string): Promise<number> {
    const rows = await this.em()
      .createQueryBuilder(Reservation)
      .select(raw('coalesce(sum(projected_microcents), 0) as total'))
      .where({ leaseId })
      .execute<Array<{ total: string | number }>>('all', false);
    return Number(rows[0]?.total ?? 0);
  }

  private async totalsIn(em: SqlEntityManager, workflowId: string): Promise<BudgetTotals> {
    const row = await em
      .createQueryBuilder(Workflow)
      .select(['budgetCents', 'spentMicrocents', 'heldMicrocents'])
      .where({ id: workflowId })
      .execute<Array<{ budgetCents: number; spentMicrocents: number; heldMicrocents: number }>>('all', true);
    const totals = row[0];
    return { workflowId, budgetCents: Number(totals.budgetCents), spentMicrocents: Number(totals.spentMicrocents), heldMicrocents: Number(totals.heldMicrocents) };
  }

  private em(): SqlEntityManager {
    return sqlEntityManager(this.orm.em.fork());
  }
}
