import { createUnionType, Field, ID, Int, ObjectType } from 'type-graphql';
import type { ControlSignal } from '../services/control/control-stream.service';
import { ApprovalStatus, WorkflowState } from './enums';

@ObjectType('WorkflowControlState')
export class WorkflowControlStateType {
  @Field(() => ID)
  workflowId!: string;

  @Field(() => WorkflowState)
  state!: WorkflowState;

  @Field(() => Int)
  version!: number;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => String, { nullable: true })
  resumeAfter!: string | null;

  @Field({ description: 'ISO 8601.' })
  updatedAt!: string;
}

@ObjectType('InitialState', { description: 'Every workflow of the organisation as it is when the subscription starts.' })
export class InitialStateSignal {
  @Field(() => ID)
  messageId!: string;

  @Field(() => [WorkflowControlStateType])
  workflows!: WorkflowControlStateType[];
}

@ObjectType('StateChange', { description: 'A workflow changed: pause, resume, kill, budget or policy; its version grew.' })
export class StateChangeSignal extends WorkflowControlStateType {
  @Field(() => ID)
  messageId!: string;
}

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

export const ControlSignalUnion = createUnionType({
  name: 'ControlSignal',
  types: () => [InitialStateSignal, StateChangeSignal, ApprovalSignal] as const,
  resolveType: (value) => {
    const { kind } = value as unknown as ControlSignal;
    if (kind === 'initial_state') return 'InitialState';
    return kind === 'state_change' ? 'StateChange' : 'ApprovalSignal';
  },
});
