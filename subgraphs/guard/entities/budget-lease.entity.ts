import { randomUUID } from 'node:crypto';
import { Entity, Index, Property } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';
import { moneyColumn } from './money-columns';

/**
 * Budget one guard instance set aside for a workflow, so its gate admits calls from memory.
 * `granted` only grows while the lease is open; what the holder did not reserve is given back
 * (`returned`) when it closes, or reclaimed by any instance once the holder stops renewing it.
 */
@Entity({ tableName: 'budget_leases' })
@Index({ properties: ['closedAt', 'renewedAt'] })
export class BudgetLease extends DomainEntity {
  @Index()
  @Property({ length: 64 })
  workflowId: string;

  /** The instance that holds it. */
  @Index()
  @Property({ length: 64 })
  holder: string;

  @Property({ type: moneyColumn() })
  grantedMicrocents = 0;

  @Property({ type: moneyColumn() })
  returnedMicrocents = 0;

  @Property({ type: 'datetime' })
  renewedAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  closedAt: Date | null = null;

  constructor(workflowId: string, holder: string) {
    super(`lease-${randomUUID()}`);
    this.workflowId = workflowId;
    this.holder = holder;
  }
}
