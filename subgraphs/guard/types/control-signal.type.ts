import { createUnionType } from 'type-graphql';
import type { ControlSignal } from '../services/control/control-stream.service';
import { InitialStateSignal } from './initial-state.type';
import { StateChangeSignal } from './state-change.type';
import { ApprovalSignal } from './approval-signal.type';

export const ControlSignalUnion = createUnionType({
  name: 'ControlSignal',
  types: () => [InitialStateSignal, StateChangeSignal, ApprovalSignal] as const,
  resolveType: (value) => {
    const { kind } = value as unknown as ControlSignal;
    if (kind === 'initial_state') return 'InitialState';
    return kind === 'state_change' ? 'StateChange' : 'ApprovalSignal';
  },
});
