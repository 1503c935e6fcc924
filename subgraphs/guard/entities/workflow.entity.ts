import { randomUUID } from 'node:crypto';
import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';
import { moneyColumn } from './money-columns';
import { WorkflowState } from './workflow-state';

/**
 * What the control channel tells of a workflow beside its id, organisation and `changedAt` (its
 * control state, not its money). The announcement between instances, the catch-up read, the
 * control signal and its GraphQL type all follow this list (services/shared/workflow-shapes.ts).
 */
export const ANNOUNCED_FIELDS = ['state', 'version', 'reason', 'resumeAfter'] as const satisfies ReadonlyArray<keyof Workflow>;

/**
 * A governed agent workflow of one organisation: its control state and its budget. `version`
 * grows with every change, so clients can drop signals they have already seen. Spend and held
 * amounts change only through atomic SQL increments (see BudgetLedger), never read-modify-write.
 */
@Entity({ tableName: 'workflows' })
@Unique({ properties: ['organisationId', 'name'] })
@Index({ properties: ['state', 'resumeAfter'] })
export class Workflow extends DomainEntity {
  @Index()
  @Property({ length: 64 })
  organisationId: string;

  @Property({ length: 100 })
  name: string;

  // A string column, not @Enum: MikroORM 6.6's SQLite schema reader misreads CHECK lists of
  // three or more values, so every later migration would rebuild the table. Values come from the enum.
  @Property({ type: 'string', length: 20 })
  state: WorkflowState = WorkflowState.Normal;

  @Property({ type: 'integer' })
  version = 1;

  @Property({ type: 'string', length: 500, nullable: true })
  reason: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  resumeAfter: Date | null = null;

  /**
   * When `state`, `reason` or the budget last changed: the protocol's `updated_at`. Indexed:
   * every instance reads the workflows changed lately (WorkflowChanges).
   */
  @Index()
  @Property({ type: 'datetime' })
  changedAt: Date = new Date();

  @Property({ type: moneyColumn() })
  budgetCents: number;

  /** What the workflow has spent. */
  @Property({ type: moneyColumn() })
  spentMicrocents = 0;

  /** Budget set aside by leases and open reservations: spent + held never exceeds the budget. */
  @Property({ type: moneyColumn() })
  heldMicrocents = 0;

  constructor(organisationId: string, name: string, budgetCents: number) {
    super(`wf-${randomUUID()}`);
    this.organisationId = organisationId;
    this.name = name;
    this.budgetCents = budgetCents;
  }
}
