import { randomUUID } from 'node:crypto';
import { Entity, Index, Property } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';
import { RunawayAction, RunawayRuleKind } from './runaway-rule-kind';

/**
 * A workflow's rule against runaway agents: more than `limit` of what its kind counts within
 * `windowSeconds` pauses or kills the workflow. Enums are string columns, as the tool rules'.
 */
@Entity({ tableName: 'runaway_rules' })
export class RunawayRule extends DomainEntity {
  @Index()
  @Property({ length: 64 })
  workflowId: string;

  @Property({ type: 'string', length: 30 })
  kind: RunawayRuleKind;

  /** Calls, tokens or cents, as the kind counts. */
  @Property({ type: 'double' })
  limitValue: number;

  @Property({ type: 'integer' })
  windowSeconds: number;

  /** A glob (`search_*`) or a `/regular expression/` of the tools counted; none counts every tool. */
  @Property({ type: 'string', length: 200, nullable: true })
  toolPattern: string | null = null;

  @Property({ type: 'string', length: 10 })
  action: RunawayAction;

  constructor(workflowId: string, fields: Pick<RunawayRule, 'kind' | 'limitValue' | 'windowSeconds' | 'toolPattern' | 'action'>) {
    super(`runaway-${randomUUID()}`);
    this.workflowId = workflowId;
    this.kind = fields.kind;
    this.limitValue = fields.limitValue;
    this.windowSeconds = fields.windowSeconds;
    this.toolPattern = fields.toolPattern;
    this.action = fields.action;
  }
}
