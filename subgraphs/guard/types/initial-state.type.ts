import { Field, ID, ObjectType } from 'type-graphql';
import { WorkflowControlStateType } from './workflow-control-state.type';

@ObjectType('InitialState', { description: 'Every workflow of the organisation as it is when the subscription starts, or when it is resumed after the gateway lost its connection to the guard (a resync: changes may have been missed meanwhile).' })
export class InitialStateSignal {
  @Field(() => ID)
  messageId!: string;

  @Field(() => [WorkflowControlStateType])
  workflows!: WorkflowControlStateType[];
}
