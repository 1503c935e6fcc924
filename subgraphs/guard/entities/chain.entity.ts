import { randomUUID } from 'node:crypto';
import { Entity, Property, Unique } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';

/** A chain of calls an SDK groups under one client-chosen id; it expires when idle too long. */
@Entity({ tableName: 'chains' })
@Unique({ properties: ['organisationId', 'chainKey'] })
export class Chain extends DomainEntity {
  @Property({ length: 64 })
  organisationId: string;

  /** The SDK's `chain_id`. */
  @Property({ length: 128 })
  chainKey: string;

  @Property({ type: 'string', length: 64, nullable: true })
  workflowId: string | null;

  @Property({ type: 'datetime' })
  lastActiveAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  endedAt: Date | null = null;

  constructor(organisationId: string, chainKey: string, workflowId: string | null) {
    super(`chn-${randomUUID()}`);
    this.organisationId = organisationId;
    this.chainKey = chainKey;
    this.workflowId = workflowId;
  }
}
