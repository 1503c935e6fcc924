import { Field, ID, ObjectType } from 'type-graphql';
import { UsageTotalsType } from './usage-totals.type';

@ObjectType('WorkflowHourlySpend', { description: 'What one workflow spent in one UTC hour: LLM and tool calls, tokens, cost.' })
export class WorkflowHourlySpendType extends UsageTotalsType {
  @Field({ description: "The hour's start (UTC)." })
  hour!: Date;

  @Field(() => ID)
  workflowId!: string;
}
