import type { PubSub } from '../../../../lib/pubsub';
import type { Approval, Workflow } from '../../entities';
import { Topic, type Topics, type WorkflowChangedMessage } from '../shared/topics';

/** What an announcement of a workflow change says: its control state, not its money. */
export type AnnouncedWorkflow = Pick<Workflow, 'id' | 'organisationId' | 'state' | 'version' | 'reason' | 'resumeAfter' | 'changedAt'>;

export function workflowChangedMessage(workflow: AnnouncedWorkflow): WorkflowChangedMessage {
  return {
    workflowId: workflow.id,
    organisationId: workflow.organisationId,
    state: workflow.state,
    version: workflow.version,
    reason: workflow.reason,
    resumeAfter: workflow.resumeAfter?.toISOString() ?? null,
    updatedAt: workflow.changedAt.toISOString(),
  };
}

/**
 * Announces committed changes: every instance drops its snapshot, every subscriber hears it.
 * This instance hears at once; the others through Redis or, while it is away, from the database
 * (WorkflowChanges). An announcement never fails the change it announces.
 */
export class ControlSignals {
  constructor(private readonly pubsub: PubSub<Topics>) {}

  workflowChanged(workflow: Workflow): Promise<void> {
    return this.pubsub.publish(Topic.WorkflowChanged, workflowChangedMessage(workflow));
  }

  approval(topic: Topic.ApprovalRequested | Topic.ApprovalResolved, approval: Approval): Promise<void> {
    return this.pubsub.publish(topic, {
      approvalId: approval.id,
      organisationId: approval.organisationId,
      workflowId: approval.workflowId,
      tool: approval.tool,
      status: approval.status,
      note: approval.note,
    });
  }
}
