import { randomUUID } from 'node:crypto';
import { Entity, Enum, Index, JsonType, Property } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';
import { ApprovalStatus } from './approval-status';

/** An operator's decision on one call of a sensitive tool, asked for by the gate. */
@Entity({ tableName: 'approvals' })
export class Approval extends DomainEntity {
  @Index()
  @Property({ length: 64 })
  organisationId: string;

  @Property({ length: 64 })
  workflowId: string;

  @Property({ length: 200 })
  tool: string;

  @Property({ type: 'string', length: 128, nullable: true })
  executionId: string | null;

  /** The tool input the agent wants to run, for the operator to judge. */
  @Property({ type: JsonType, nullable: true })
  input: unknown = null;

  @Enum({ items: () => ApprovalStatus, nativeEnumName: undefined })
  status: ApprovalStatus = ApprovalStatus.pending;

  @Property({ type: 'string', length: 1000, nullable: true })
  note: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  resolvedBy: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  resolvedAt: Date | null = null;

  @Property({ type: 'datetime' })
  expiresAt: Date;

  constructor(fields: { organisationId: string; workflowId: string; tool: string; executionId: string | null; input: unknown; expiresAt: Date }) {
    super(`apr-${randomUUID()}`);
    this.organisationId = fields.organisationId;
    this.workflowId = fields.workflowId;
    this.tool = fields.tool;
    this.executionId = fields.executionId;
    this.input = fields.input ?? null;
    this.expiresAt = fields.expiresAt;
  }
}
