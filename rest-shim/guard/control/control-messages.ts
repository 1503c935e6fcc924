import type { ControlWorkflowStateFragment, WorkflowControlSubscription } from '../../generated/graph';
import { protocolFields } from '../protocol-fields';

/** One signal of the control subscription, typed from its document. */
export type ControlSignal = WorkflowControlSubscription['workflowControl'];
type WorkflowStateSignal = ControlWorkflowStateFragment;

/** A message of the protocol's control channel. */
export type ControlMessage = Record<string, unknown> & { type: string };

/** A workflow's state in a message: the fields control.graphql selects, as the protocol names them. */
function workflowState(signal: WorkflowStateSignal & { messageId?: string }) {
  const { messageId: _messageId, ...state } = signal;
  return protocolFields(state);
}

/**
 * Translates the GraphQL control subscription into the protocol's messages, remembering the
 * versions sent so that nothing is sent twice and nothing is missed across a re-subscription
 * (which starts with a fresh initial state).
 */
export class ControlTranslator {
  private readonly sentVersions = new Map<string, number>();
  private greeted = false;

  translate(signal: ControlSignal): ControlMessage[] {
    switch (signal.__typename) {
      case 'InitialState':
        return this.initialState(signal.workflows);
      case 'StateChange':
        return this.isNew(signal) ? [this.stateChange(signal, signal.messageId)] : [];
      case 'ApprovalSignal':
        if (signal.status === 'pending') return [];
        return [{ type: 'approval_resolved', approval_id: signal.approvalId, workflow_id: signal.workflowId, outcome: signal.status, message_id: signal.messageId }];
    }
  }

  /** The first initial state goes out as it is; a later one (after re-subscribing) only as the changes it reveals. */
  private initialState(workflows: WorkflowStateSignal[]): ControlMessage[] {
    if (!this.greeted) {
      this.greeted = true;
      for (const workflow of workflows) this.sentVersions.set(workflow.workflowId, workflow.version);
      return [{ type: 'initial_state', workflows: workflows.map(workflowState) }];
    }
    return workflows.filter((workflow) => this.isNew(workflow)).map((workflow) => this.stateChange(workflow, `${workflow.workflowId}:${workflow.version}`));
  }

  private isNew(workflow: WorkflowStateSignal): boolean {
    if (workflow.version <= (this.sentVersions.get(workflow.workflowId) ?? 0)) return false;
    this.sentVersions.set(workflow.workflowId, workflow.version);
    return true;
  }

  private stateChange(workflow: WorkflowStateSignal, messageId: string): ControlMessage {
    return { type: 'state_change', ...workflowState(workflow), message_id: messageId };
  }
}
