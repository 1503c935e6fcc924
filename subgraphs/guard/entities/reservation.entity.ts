import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import { moneyColumn } from './money-columns';
import { ReservationStatus } from './reservation-status';

/**
 * The projected cost of one gated call, set aside from a lease until `/track` consumes it, the
 * execution is cancelled, or it expires. Written behind the gate in batches, so it carries its
 * own id (the UUID the gate answered) and creation time.
 */
@Entity({ tableName: 'reservations' })
@Index({ properties: ['status', 'createdAt'] })
export class Reservation {
  @PrimaryKey({ type: 'string', length: 36 })
  id: string;

  @Property({ length: 64 })
  organisationId: string;

  @Property({ length: 64 })
  workflowId: string;

  @Index()
  @Property({ length: 64 })
  leaseId: string;

  @Index()
  @Property({ type: 'string', length: 128, nullable: true })
  executionId: string | null;

  @Property({ type: moneyColumn() })
  projectedMicrocents: number;

  // A string column, not @Enum: MikroORM 6.6's SQLite schema reader misreads CHECK lists of
  // three or more values, so every later migration would rebuild the table. Values come from the enum.
  @Property({ type: 'string', length: 20 })
  status: ReservationStatus = ReservationStatus.open;

  @Property({ type: moneyColumn(), nullable: true })
  actualMicrocents: number | null = null;

  /**
   * What the consumption took from the budget: the actual cost, but at most the projection plus
   * `GUARD_CONSUME_EPSILON_CENTS` (the hard cap); null until consumed.
   */
  @Property({ type: moneyColumn(), nullable: true })
  chargedMicrocents: number | null = null;

  /** The `/track` idempotency key that consumed it, so a replay is recognised. */
  @Property({ type: 'string', length: 128, nullable: true })
  consumeKey: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date;

  @Property({ type: 'datetime', nullable: true })
  closedAt: Date | null = null;

  constructor(fields: { id: string; organisationId: string; workflowId: string; leaseId: string; executionId: string | null; projectedMicrocents: number; createdAt: Date }) {
    this.id = fields.id;
    this.organisationId = fields.organisationId;
    this.workflowId = fields.workflowId;
    this.leaseId = fields.leaseId;
    this.executionId = fields.executionId;
    this.projectedMicrocents = fields.projectedMicrocents;
    this.createdAt = fields.createdAt;
  }
}
