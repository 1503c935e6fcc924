import { Field, ID, ObjectType } from 'type-graphql';
import { ApprovalStatus } from './enums';

@ObjectType('ApprovalSignal', { description: 'An approval was requested (pending) or resolved (approved, denied).' })
export class ApprovalSignal {
  @Field(() => ID)
  messageId!: string;

  @Field(() => ID)
  approvalId!: string;

  @Field(() => ID)
  workflowId!: string;

  @Field()
  tool!: string;

  @Field(() => ApprovalStatus)
  status!: ApprovalStatus;

  @Field(() => String, { nullable: true })
  note!: string | null;
}
