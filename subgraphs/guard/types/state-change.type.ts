import { Field, ID, ObjectType } from 'type-graphql';
import { WorkflowControlStateType } from './workflow-control-state.type';

@ObjectType('StateChange', { description: 'A workflow changed: pause, resume, kill, budget or policy; its version grew.' })
export class StateChangeSignal extends WorkflowControlStateType {
  @Field(() => ID)
  messageId!: string;
}
