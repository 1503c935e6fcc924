import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { WorkflowState } from './enums';

@ObjectType('Workflow', { description: 'A governed agent workflow: control state, budget, tool policy.' })
@Directive('@key(fields: "id")')
export class WorkflowType {
  @Field(() => ID, { description: '`wf-` followed by a UUID v4.' })
  id!: string;

  @Field(() => ID)
  organisationId!: string;

  @Field()
  name!: string;

  @Field(() => WorkflowState)
  state!: WorkflowState;

  @Field(() => Int, { description: 'Grows with every change, resume included.' })
  version!: number;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => Date, { nullable: true, description: 'A paused workflow resumes by itself then.' })
  resumeAfter!: Date | null;

  @Field(() => Float, { description: 'Whole cents.' })
  budgetCents!: number;

  @Field()
  createdAt!: Date;
}
