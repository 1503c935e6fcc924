import { randomUUID } from 'node:crypto';
import { newTraceId, type CallScope } from '../context/call-scope';
import type { GuardEvent } from './guard-event';

/**
 * One event as `/track/batch` takes it: the caller's fields, a fresh `event_id` (the
 * idempotency key of every retry), and what the scope knows: workflow (else the key's bound
 * one), trace, span, agent, chain and the protected call it belongs to.
 */
export function stampEvent(type: string, fields: Record<string, unknown>, scope: CallScope, boundWorkflowId: string | null): GuardEvent {
  const call = scope.call;
  return {
    ...fields,
    event_id: randomUUID(),
    type,
    workflow_id: scope.workflowId ?? boundWorkflowId,
    trace_id: scope.traceId ?? newTraceId(),
    span_id: scope.spanId,
    tokens: typeof fields.tokens === 'number' ? fields.tokens : 0,
    timestamp: new Date().toISOString(),
    ...(scope.agent ? { agent: scope.agent } : {}),
    ...(scope.chain ? { chain_id: scope.chain.id } : {}),
    ...(call ? { execution_id: call.executionId, ...(call.reservationId ? { reservation_id: call.reservationId } : {}) } : {}),
  };
}
