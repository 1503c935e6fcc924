import { randomUUID } from 'node:crypto';
import { Entity, Property, Unique } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';

/** An execution an SDK cancelled: its open reservations are released and its later gates refused. */
@Entity({ tableName: 'cancelled_executions' })
@Unique({ properties: ['organisationId', 'executionId'] })
export class CancelledExecution extends DomainEntity {
  @Property({ length: 64 })
  organisationId: string;

  @Property({ length: 128 })
  executionId: string;

  @Property({ type: 'string', length: 500, nullable: true })
  reason: string | null;

  constructor(organisationId: string, executionId: string, reason: string | null) {
    super(`cxl-${randomUUID()}`);
    this.organisationId = organisationId;
    this.executionId = executionId;
    this.reason = reason;
  }
}
