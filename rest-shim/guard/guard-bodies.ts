import { badInput } from '../../lib/errors';
import type { GateDecisionView } from './guard-views';

/** What the shim answers for each protocol call, from the GraphQL results (snake_case, protocol names). */
export function decisionBody(decision: GateDecisionView) {
  return {
    decision: decision.decision,
    decision_source: 'gateway',
    explanation: decision.explanation,
    explanations: decision.explanations,
    reservation_id: decision.reservationId,
    operation_id: decision.operationId,
    execution_id: decision.executionId,
    workflow_id: decision.workflowId,
    remaining_budget_cents: decision.remainingBudgetCents,
    projected_cost_cents: decision.projectedCostCents,
    details: decision.details,
    ...(decision.approvalId !== null && { approval_id: decision.approvalId, approval_timeout_seconds: decision.approvalTimeoutSeconds }),
  };
}

/** `?window=24h`: one value, when given. */
export function windowParam(query: unknown): string {
  const value = (query as Record<string, unknown>).window;
  if (value === undefined) return '24h';
  if (typeof value !== 'string') throw badInput('window', 'window must be given once, like 24h');
  return value;
}
