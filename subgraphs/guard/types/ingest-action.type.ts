import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('IngestAction', { description: 'Something the SDK should act on: kill, pause, budget_exhausted, tool_blocked.' })
export class IngestActionType {
  @Field()
  type!: string;

  @Field(() => ID)
  workflowId!: string;

  @Field()
  reason!: string;
}
