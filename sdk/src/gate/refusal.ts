import { SvcBlockedException, SvcBudgetError, SvcChainError, SvcToolBlockedError } from '../errors/decision-errors';
import { killedInterrupt, pausedException, type WorkflowPausedException } from '../errors/workflow-signals';
import { parseResumeAfter } from '../control/control-state';
import type { GateAnswer } from './gate-answer';

export interface RefusalContext {
  workflowId: string | null;
  toolName: string;
  /** The tools announced with `setCallContext`, to name the one a block list matched. */
  tools: readonly string[] | null;
  chainId: string | null;
}

/**
 * The error a gate answer means, or null when the call may run. A block names its reason in
 * `explanation` and `details.error_code`; either is enough to pick the class.
 */
export function refusalOf(answer: GateAnswer, context: RefusalContext): Error | null {
  const details = answer.details ?? {};
  const reason = answer.explanation || stringAt(details, 'reason') || 'BLOCKED';
  const code = stringAt(details, 'error_code') ?? '';
  const fields = { workflowId: stringAt(details, 'workflow_id') ?? context.workflowId, reason, details, toolName: context.toolName };

  switch (answer.decision) {
    case 'throttle':
      return paused(fields.workflowId, reason, details);
    case 'require_approval':
      return new SvcBlockedException(`${context.toolName} needs an operator's approval (${answer.approval_id ?? 'no approval id'})`, {
        ...fields,
        action: 'require_approval',
        details: { ...details, approval_id: answer.approval_id ?? null, approval_timeout_seconds: answer.approval_timeout_seconds ?? null },
      });
    case 'block':
      break;
    default:
      return null;
  }

  if (reason === 'WORKFLOW_KILLED' || code === 'SV-W002') {
    return killedInterrupt(fields.workflowId, stringAt(details, 'reason') ?? reason);
  }
  if (reason === 'WORKFLOW_PAUSED' || code === 'SV-W003') return paused(fields.workflowId, reason, details);
  if (reason === 'BUDGET_EXCEEDED' || code === 'SV-B004') {
    return new SvcBudgetError(`The budget of workflow ${fields.workflowId ?? '(bound)'} is exhausted`, fields);
  }
  if (reason === 'TOOL_BLOCKED' || code === 'SV-T001') {
    const blocked = stringAt(details, 'tool') ?? stringAt(details, 'tool_name') ?? context.tools?.[0] ?? context.toolName;
    return new SvcToolBlockedError(`Tool ${blocked} is blocked for this workflow`, { ...fields, toolName: blocked });
  }
  if (context.chainId !== null && (reason.startsWith('CHAIN') || code.startsWith('SV-CH'))) {
    return new SvcChainError(`Chain ${context.chainId} was refused: ${reason}`, { ...fields, chainId: context.chainId });
  }
  return new SvcBlockedException(`The guard blocked ${context.toolName}: ${reason}`, fields);
}

function paused(workflowId: string | null, reason: string, details: Record<string, unknown>): WorkflowPausedException {
  return pausedException(workflowId, stringAt(details, 'reason') ?? reason, parseResumeAfter(details.resume_after));
}

function stringAt(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
