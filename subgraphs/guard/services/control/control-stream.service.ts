import { randomUUID } from 'node:crypto';
import { streamTopics, type MessageStream, type PubSub } from '../../../../lib/pubsub';
import { AppError } from '../../../../lib/errors';
import type { RequestDatabase } from '../../../../lib/subgraph-kit';
import { Workflow, WorkflowState } from '../../entities';
import { Topic, type ApprovalMessage, type Topics } from '../shared/topics';
import { workflowChangedMessage, type WorkflowChangedMessage, type WorkflowControlState } from '../shared/workflow-shapes';
import type { OrganisationAccess } from '../callers/organisation-access';

/** One message of the control channel. */
export type ControlSignal =
  | { kind: 'initial_state'; messageId: string; workflows: WorkflowControlState[] }
  | ({ kind: 'state_change'; messageId: string } & WorkflowControlState)
  | ({ kind: 'approval_requested' | 'approval_resolved'; messageId: string } & ApprovalMessage)
  /** The last of a stream that ends with an error (its resolver throws it). */
  | { kind: 'ended'; messageId: string; error: AppError };

function stateChange(message: WorkflowChangedMessage): ControlSignal {
  const { organisationId: _organisation, ...state } = message;
  return { kind: 'state_change', messageId: `${message.workflowId}:${message.version}`, ...state };
}

/** What a subscriber asks of the channel's start. */
export interface ControlStreamStart {
  /** The subscriber asked for every workflow's current state first. */
  initialState: boolean;
  /** The gateway subscribes again after its connection dropped: the subscriber may have missed changes. */
  resumed: boolean;
}

/**
 * The live control channel of one organisation: the current state of every workflow first when
 * asked, or when the subscription is resumed (a resync: the subscriber may have missed changes
 * while the gateway's connection was down), then each change (pause, resume, kill, budget or
 * policy, with a growing version) and each approval request and resolution, as they are
 * committed on any instance. Each version of a workflow goes out once, newest last.
 *
 * A subscription's context lives as long as it listens, hours perhaps, ten thousand of them at
 * once: the initial state is read in an EntityManager of its own, let go once read, not in the
 * request's, which that context would hold (with the workflows it loaded) all that time.
 */
export class ControlStreamService {
  constructor(
    private readonly database: RequestDatabase,
    private readonly access: OrganisationAccess,
    private readonly pubsub: PubSub<Topics>,
  ) {}

  async signals(organisationId: string, start: ControlStreamStart): Promise<AsyncIterableIterator<ControlSignal>> {
    const scope = await this.access.requireRead(organisationId);
    // Live signals are held back until the initial state is out; then a version passes only if newer than what was sent.
    let held: ControlSignal[] | undefined = start.initialState || start.resumed ? [] : undefined;
    const sentVersions = new Map<string, number>();
    const ours = (message: { organisationId: string }) => message.organisationId === organisationId;
    const send = (stream: MessageStream<ControlSignal>, signal: ControlSignal) => {
      if (signal.kind === 'state_change') {
        if (signal.version <= (sentVersions.get(signal.workflowId) ?? 0)) return;
        sentVersions.set(signal.workflowId, signal.version);
      }
      stream.push(signal);
      // A key bound to a workflow has nothing more to hear once that workflow is killed (kill is final).
      if (signal.kind === 'state_change' && signal.state === WorkflowState.Killed && signal.workflowId === scope.workflowId) {
        const error = new AppError('CONFLICT', 'The workflow this API key is bound to was killed; its control stream ends', { details: { workflowId: signal.workflowId, reason: signal.reason } });
        stream.push({ kind: 'ended', messageId: `${signal.messageId}:ended`, error });
        stream.end();
      }
    };
    return streamTopics<Topics, ControlSignal>(
      this.pubsub,
      (stream) => {
        const emit = (signal: ControlSignal) => (held ? held.push(signal) : send(stream, signal));
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
        const workflows = await this.database.reader.fork().find(Workflow, { organisationId }, { orderBy: { createdAt: 'asc' } });
        const states = workflows.map((workflow) => {
          const { organisationId: _organisation, ...state } = workflowChangedMessage(workflow);
          sentVersions.set(state.workflowId, state.version);
          return state;
        });
        stream.push({ kind: 'initial_state', messageId: `initial:${randomUUID()}`, workflows: states });
        const live = held;
        held = undefined;
        for (const signal of live) send(stream, signal);
      },
    );
  }
}
