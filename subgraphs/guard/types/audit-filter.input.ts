import { Field, ID, InputType } from 'type-graphql';
import type { AuditFilter } from '../services/audit/audit-reads';

@InputType('AuditFilter', { description: 'Every given condition must hold.' })
export class AuditFilterInput implements AuditFilter {
  @Field(() => ID, { nullable: true })
  workflowId?: string | null;

  @Field(() => String, { nullable: true, description: 'An action (`workflow.pause`), or a family ending in a dot (`gate.`).' })
  action?: string | null;

  @Field(() => String, { nullable: true, description: '`user:<id>`, `key:<id>` or `system`.' })
  actor?: string | null;

  @Field(() => Date, { nullable: true })
  since?: Date | null;

  @Field(() => Date, { nullable: true })
  until?: Date | null;
}
