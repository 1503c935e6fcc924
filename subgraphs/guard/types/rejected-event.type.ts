import { Field, Int, ObjectType } from 'type-graphql';

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
