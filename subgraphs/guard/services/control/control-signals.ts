import type { PubSub } from '../../../../lib/pubsub';
import type { Approval, Workflow } from '../../entities';
import { Topic, type Topics, type WorkflowChangedMessage } from '../shared/topics';

export function workflowChangedMessage(workflow: Workflow): WorkflowChangedMessage {
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

/** Announces committed changes: every instance drops its snapshot, every subscriber hears it. */
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
