import { randomUUID } from 'node:crypto';
import { Entity, Enum, Index, Property, Unique } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';
import { ToolAction } from './tool-action';

/** A workflow's rule for tools whose name matches a glob such as `send_*`. */
@Entity({ tableName: 'tool_rules' })
@Unique({ properties: ['workflowId', 'pattern'] })
export class ToolRule extends DomainEntity {
  @Index()
  @Property({ length: 64 })
  workflowId: string;

  @Property({ length: 200 })
  pattern: string;

  @Enum({ items: () => ToolAction, nativeEnumName: undefined })
  action: ToolAction;

  constructor(workflowId: string, pattern: string, action: ToolAction) {
    super(`rule-${randomUUID()}`);
    this.workflowId = workflowId;
    this.pattern = pattern;
    this.action = action;
  }
}
