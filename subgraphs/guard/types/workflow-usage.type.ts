import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('WorkflowUsage', { description: 'Usage of one workflow over a window: LLM and tool calls, tokens, cost.' })
export class WorkflowUsageType {
  @Field(() => ID, { nullable: true, description: 'Null for events no workflow claimed.' })
  workflowId!: string | null;

  @Field(() => Int)
  calls!: number;

  @Field(() => Float)
  tokens!: number;

  @Field(() => Float)
  costCents!: number;
}
