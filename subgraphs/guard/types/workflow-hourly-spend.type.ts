import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('WorkflowHourlySpend', { description: 'What one workflow spent in one UTC hour: LLM and tool calls, tokens, cost.' })
export class WorkflowHourlySpendType {
  @Field({ description: "The hour's start (UTC)." })
  hour!: Date;

  @Field(() => ID)
  workflowId!: string;

  @Field(() => Int)
  calls!: number;

  @Field(() => Float)
  tokens!: number;

  @Field(() => Float)
  costCents!: number;
}
