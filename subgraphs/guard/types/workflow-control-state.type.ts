import { Field, ID, Int, ObjectType } from 'type-graphql';
import { WorkflowState } from './enums';

@ObjectType('WorkflowControlState')
export class WorkflowControlStateType {
  @Field(() => ID)
  workflowId!: string;

  @Field(() => WorkflowState)
  state!: WorkflowState;

  @Field(() => Int)
  version!: number;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => String, { nullable: true })
  resumeAfter!: string | null;

  @Field({ description: 'ISO 8601.' })
  updatedAt!: string;
}
