import type { WorkflowControlSubscription as Signal, WorkflowState } from '../graphql/graphql';

/** A workflow's control state as the subscription last told it. */
export interface LiveState {
  state: WorkflowState;
  version: number;
  reason?: string | null;
  resumeAfter?: string | null;
  updatedAt: string;
}

export interface LiveControl {
  /** Per workflow id, the newest state heard (by version). */
  states: Record<string, LiveState>;
  /** Grows with every state change: a cue to re-read spend and new workflows. */
  stateChanges: number;
  /**
   * Grows with every approval requested or resolved, and whenever the channel (re)starts: a cue to
   * re-read the pending list. A request made between the page's first read and the subscription
   * going live (or while the channel was down) sends no signal this page heard.
   */
  approvalSignals: number;
}

export const EMPTY_LIVE_CONTROL: LiveControl = { states: {}, stateChanges: 0, approvalSignals: 0 };

function newer(states: Record<string, LiveState>, workflowId: string, next: LiveState): Record<string, LiveState> {
  const known = states[workflowId];
  return known && known.version > next.version ? states : { ...states, [workflowId]: next };
}

/** Folds the organisation's `workflowControl` signals into the latest state of each workflow. */
export function foldControlSignal(live: LiveControl = EMPTY_LIVE_CONTROL, data: Signal): LiveControl {
  const signal = data.workflowControl;
  switch (signal.__typename) {
    case 'InitialState': {
      let states = live.states;
      for (const { workflowId, ...state } of signal.workflows) states = newer(states, workflowId, state);
      return { ...live, states, stateChanges: live.stateChanges + 1, approvalSignals: live.approvalSignals + 1 };
    }
    case 'StateChange': {
      const { workflowId, state, version, reason, resumeAfter, updatedAt } = signal;
      return { ...live, states: newer(live.states, workflowId, { state, version, reason, resumeAfter, updatedAt }), stateChanges: live.stateChanges + 1 };
    }
    case 'ApprovalSignal':
      return { ...live, approvalSignals: live.approvalSignals + 1 };
  }
}

