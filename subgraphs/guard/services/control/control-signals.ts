import type { PubSub } from '../../../../lib/pubsub';
import type { Approval, Workflow } from '../../entities';
import { Topic, type Topics } from '../shared/topics';
import { workflowChangedMessage } from '../shared/workflow-shapes';

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
