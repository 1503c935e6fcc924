import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('RejectedEvent', { description: 'An event of the batch that was not counted, and why.' })
export class RejectedEventType {
  @Field(() => Int, { description: 'Its position in the batch, from 0.' })
  index!: number;

  @Field(() => String, { nullable: true })
  eventId!: string | null;

  @Field(() => String, { nullable: true, description: 'The UsageEventInput field at fault, when one is.' })
  field!: string | null;

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
