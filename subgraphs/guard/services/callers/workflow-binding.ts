import { AppError } from '../../../../lib/errors';
import type { KeyGrant } from './api-key-cache';

/**
 * Why a key may not act on a workflow, or undefined when it may: a key bound to a workflow acts
 * on that workflow only. Refused as the protocol refuses another organisation's workflow (403
 * `WORKFLOW_INACTIVE`), with the reason in `details`.
 */
export function boundWorkflowRefusal(key: Pick<KeyGrant, 'workflowId'>, workflowId: string | null | undefined): AppError | undefined {
  if (key.workflowId === null || workflowId === null || workflowId === undefined || workflowId === key.workflowId) return undefined;
  return new AppError('WORKFLOW_INACTIVE', 'The API key is bound to another workflow', { details: { reason: 'bound_workflow', bound_workflow_id: key.workflowId } });
}

/** Throws `boundWorkflowRefusal` when there is one. */
export function requireBoundWorkflow(key: Pick<KeyGrant, 'workflowId'>, workflowId: string | null | undefined): void {
  const refusal = boundWorkflowRefusal(key, workflowId);
  if (refusal) throw refusal;
}
