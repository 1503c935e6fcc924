import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('RejectedEvent')
export class RejectedEventType {
  @Field(() => String, { nullable: true })
  eventId!: string | null;

  @Field()
  reason!: string;
}

@ObjectType('IngestAction', { description: 'Something the SDK should act on: kill, pause, budget_exhausted, tool_blocked.' })
export class IngestActionType {
  @Field()
  type!: string;

  @Field(() => ID)
  workflowId!: string;

  @Field()
  reason!: string;
}

@ObjectType('IngestResult')
export class IngestResultType {
  @Field(() => [String], { description: 'Every well-formed event, resent ones included (they count once).' })
  acceptedEventIds!: string[];

  @Field(() => [RejectedEventType])
  rejected!: RejectedEventType[];

  @Field(() => [IngestActionType])
  actions!: IngestActionType[];
}
