import { Field, ObjectType } from 'type-graphql';

@ObjectType('ExecutionCancellation')
export class ExecutionCancellationType {
  @Field()
  executionId!: string;

  @Field()
  cancelledAt!: Date;
}
