import { Field, ObjectType } from 'type-graphql';
import { IngestActionType } from './ingest-action.type';
import { RejectedEventType } from './rejected-event.type';

@ObjectType('IngestResult')
export class IngestResultType {
  @Field(() => [String], { description: 'Every well-formed event, resent ones included (they count once).' })
  acceptedEventIds!: string[];

  @Field(() => [RejectedEventType])
  rejected!: RejectedEventType[];

  @Field(() => [IngestActionType])
  actions!: IngestActionType[];
}
