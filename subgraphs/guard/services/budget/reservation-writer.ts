import type { EntityManager } from '@mikro-orm/core';
import { BulkInsert, inDriverTransaction, type DomainOrm } from '../../../../lib/db';
import type { Logger } from '../../../../lib/logging';
import { Reservation, ReservationStatus } from '../../entities';
import { appendAuditIn, type AuditEntry } from '../audit/audit-append';

/** What the gate knows of a reservation when it answers; the rest of the row starts as an open reservation's. */
export interface NewReservation {
  id: string;
  organisationId: string;
  workflowId: string;
  leaseId: string;
  executionId: string | null;
  projectedMicrocents: number;
  createdAt: Date;
}

/** One gate call's writes: its reservation (when it made one), its decision (when the audit trail takes gate decisions), or both. */
interface PendingWrite {
  reservation?: NewReservation;
  decision?: AuditEntry;
}

export interface ReservationWriterOptions {
  /**
   * How long a gate call's writes may wait for others to share their transaction. @default 20
   * (at 5, the audit trail's head update and records cost a third more per call; at 20, under a tenth:
   * see `docs/decisions/gate-writes-linger.md`). `/track` does not wait for it: it flushes at once.
   */
  lingerMs?: number;
  /** Gate calls (reservations, decisions) per transaction. @default 500 */
  batchSize?: number;
}

/**
 * One statement per batch, prepared once. A reservation already written is skipped, so a batch
 * retried after its INSERT committed but its answer was lost does not fail on its own rows forever.
 */
const newReservations = new BulkInsert(Reservation, { skipConflictsOn: ['id'] });

/**
 * Writes the gate's reservations behind it, many per INSERT, so the gate answers without a
 * database round trip; with them, in the same transaction, the gate's decisions onto the audit
 * trail (a reservation and the decision that made it are never written apart). `/track` on this
 * instance waits for a pending reservation to land. Rows go in as plain data: an entity per gate
 * call would cost its construction and change tracking for a row nothing reads back from here.
 */
export class ReservationWriter {
  private pending: PendingWrite[] = [];
  private readonly pendingIds = new Set<string>();
  private flushing: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private readonly lingerMs: number;
  private readonly batchSize: number;
  /**
   * The writer's own EntityManager, forked once: its writes go through the driver, never its
   * identity map, so it stays empty; a fork per batch cost more than the batch's statements.
   */
  private readonly em: EntityManager;

  constructor(
    orm: DomainOrm,
    private readonly logger: Logger,
    options: ReservationWriterOptions = {},
  ) {
    this.lingerMs = options.lingerMs ?? 20;
    this.batchSize = options.batchSize ?? 500;
    this.em = orm.em.fork();
  }

  /** A reservation, and the decision that made it when the audit trail takes gate decisions. */
  add(reservation: NewReservation, decision?: AuditEntry): void {
    this.pendingIds.add(reservation.id);
    this.queue({ reservation, decision });
  }

  /** A gate decision that reserved nothing (a refusal, a soft pass). */
  record(decision: AuditEntry): void {
    this.queue({ decision });
  }

  private queue(write: PendingWrite): void {
    this.pending.push(write);
    if (this.pending.length >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.lingerMs);
  }

  /** Resolves once `id`, if this instance holds it, is in the database. */
  async settle(id: string): Promise<void> {
    if (this.pendingIds.has(id)) await this.flush();
  }

  /** Writes everything pending; one INSERT at a time. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(() => this.writeBatch());
    return this.flushing;
  }

  private async writeBatch(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.batchSize);
      const reservations = batch.flatMap((write) => (write.reservation ? [write.reservation] : []));
      const decisions = batch.flatMap((write) => (write.decision ? [write.decision] : []));
      try {
        const { em } = this;
        if (decisions.length === 0) await newReservations.insert(em, reservations.map(openRow));
        else {
          await inDriverTransaction(em, async (tx) => {
            await newReservations.insertIn(tx, em, reservations.map(openRow));
            await appendAuditIn(tx, em, decisions);
          });
        }
        for (const reservation of reservations) this.pendingIds.delete(reservation.id);
      } catch (error) {
        // Keep them: the database may be back in a moment. The gate keeps answering meanwhile.
        this.pending.unshift(...batch);
        this.logger.error({ err: error, pending: this.pending.length }, 'could not write reservations; retrying');
        this.timer ??= setTimeout(() => void this.flush(), 1000);
        return;
      }
    }
  }
}

/**
 * The whole row of a new reservation: what the entity's defaults would fill in, spelled out. The
 * reservation is spread after them: V8 builds `{ ...reservation, more }` a hidden class per object.
 */
function openRow(reservation: NewReservation) {
  return { status: ReservationStatus.open, actualMicrocents: null, chargedMicrocents: null, consumeKey: null, closedAt: null, ...reservation };
}
