import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { streamTopics, type PubSub } from '../../../../lib/pubsub';
import { Workflow, type WorkflowState } from '../../entities';
import { workflowChangedMessage } from './control-signals';
import { Topic, type ApprovalMessage, type Topics, type WorkflowChangedMessage } from '../shared/topics';
import type { OrganisationAccess } from '../callers/organisation-access';

export interface WorkflowControlState {
  workflowId: string;
  state: WorkflowState;
  version: number;
  reason: string | null;
  resumeAfter: string | null;
  updatedAt: string;
}

/** One message of the control channel. */
export type ControlSignal =
  | { kind: 'initial_state'; messageId: string; workflows: WorkflowControlState[] }
  | ({ kind: 'state_change'; messageId: string } & WorkflowControlState)
  | ({ kind: 'approval_requested' | 'approval_resolved'; messageId: string } & ApprovalMessage);

function stateChange(message: WorkflowChangedMessage): ControlSignal {
  const { organisationId: _organisation, ...state } = message;
  return { kind: 'state_change', messageId: `${message.workflowId}:${message.version}`, ...state };
}

/**
 * The live control channel of one organisation: optionally the current state of every workflow
 * first, then each change (pause, resume, kill, budget or policy, with a growing version) and
 * each approval request and resolution, as they are committed on any instance.
 */
export class ControlStreamService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: OrganisationAccess,
    private readonly pubsub: PubSub<Topics>,
  ) {}

  async signals(organisationId: string, withInitialState: boolean): Promise<AsyncIterableIterator<ControlSignal>> {
    await this.access.requireRead(organisationId);
    // Live signals are held back until the initial state is out, then only newer versions pass.
    let held: ControlSignal[] | undefined = withInitialState ? [] : undefined;
    const ours = (message: { organisationId: string }) => message.organisationId === organisationId;
    return streamTopics<Topics, ControlSignal>(
      this.pubsub,
      (stream) => {
        const emit = (signal: ControlSignal) => (held ? held.push(signal) : stream.push(signal));
        const approval = (kind: 'approval_requested' | 'approval_resolved') => (message: ApprovalMessage) => {
          if (ours(message)) emit({ kind, messageId: `${message.approvalId}:${message.status}`, ...message });
        };
        return {
          [Topic.WorkflowChanged]: (message: WorkflowChangedMessage) => {
            if (ours(message)) emit(stateChange(message));
          },
          [Topic.ApprovalRequested]: approval('approval_requested'),
          [Topic.ApprovalResolved]: approval('approval_resolved'),
        };
      },
      async (stream) => {
        if (!held) return;
        const seenVersions = new Map<string, number>();
        const workflows = await this.em.find(Workflow, { organisationId }, { orderBy: { createdAt: 'asc' } });
        const states = workflows.map((workflow) => {
          const { organisationId: _organisation, ...state } = workflowChangedMessage(workflow);
          seenVersions.set(state.workflowId, state.version);
          return state;
        });
        stream.push({ kind: 'initial_state', messageId: `initial:${randomUUID()}`, workflows: states });
        const live = held;
        held = undefined;
        for (const signal of live) {
          if (signal.kind !== 'state_change' || signal.version > (seenVersions.get(signal.workflowId) ?? 0)) stream.push(signal);
        }
      },
    );
  }
}
