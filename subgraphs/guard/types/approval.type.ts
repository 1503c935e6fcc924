import { GraphQLJSON } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { ApprovalStatus } from './enums';

@ObjectType('Approval', { description: 'An operator decision on one call of a sensitive tool.' })
export class ApprovalType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  organisationId!: string;

  @Field(() => ID)
  workflowId!: string;

  @Field()
  tool!: string;

  @Field(() => String, { nullable: true })
  executionId!: string | null;

  @Field(() => GraphQLJSON, { nullable: true, description: 'The input the agent wants to run the tool with.' })
  input!: unknown;

  @Field(() => ApprovalStatus)
  status!: ApprovalStatus;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field(() => Date, { nullable: true })
  resolvedAt!: Date | null;

  @Field()
  expiresAt!: Date;

  @Field()
  createdAt!: Date;
}
