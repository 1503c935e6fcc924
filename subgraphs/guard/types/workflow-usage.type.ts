import { Field, ID, ObjectType } from 'type-graphql';
import { UsageTotalsType } from './usage-totals.type';

@ObjectType('WorkflowUsage', { description: 'Usage of one workflow over a window: LLM and tool calls, tokens, cost.' })
export class WorkflowUsageType extends UsageTotalsType {
  @Field(() => ID, { nullable: true, description: 'Null for events no workflow claimed.' })
  workflowId!: string | null;
}
