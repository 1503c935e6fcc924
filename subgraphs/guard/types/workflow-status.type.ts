import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { WorkflowState } from './enums';

@ObjectType('WorkflowStatus', { description: 'Protocol `/status/{workflow_id}`.' })
export class WorkflowStatusType {
  @Field(() => ID)
  workflowId!: string;

  @Field(() => WorkflowState)
  state!: WorkflowState;

  @Field(() => Int)
  version!: number;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field()
  updatedAt!: Date;

  @Field(() => Float, { description: 'Spent so far, in cents.' })
  currentCostCents!: number;

  @Field(() => Int, { description: 'LLM and tool calls in the last minute.' })
  ratePerMinute!: number;
}
