import { badInput } from '../../lib/errors';
import { protocolText } from './guard-errors';
import type { GateDecisionView, IngestView } from './guard-views';

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

/** The protocol's event fields and their `UsageEventInput` names; anything else is metadata. */
const EVENT_TEXTS: Record<string, string> = {
  event_id: 'eventId', type: 'type', workflow_id: 'workflowId', trace_id: 'traceId', span_id: 'spanId', model: 'model', tool_name: 'toolName',
};
const EVENT_COUNTS: Record<string, string> = {
  tokens: 'tokens', input_tokens: 'inputTokens', output_tokens: 'outputTokens', latency_ms: 'latencyMs', duration_ms: 'durationMs',
};
const EVENT_FLAGS: Record<string, string> = { is_retry: 'isRetry' };
const GRAPHQL_INT_MAX = 2 ** 31 - 1;

interface WireRejection {
  position: number;
  event_id: string | null;
  reason: string;
}

/**
 * A `/track/batch` body as `UsageEventInput`s. A batch is judged event by event, so an event
 * with a field of the wrong JSON type (which GraphQL would refuse for the whole request) is
 * rejected here, on its own, and the rest go on; `positions` remembers where each sent event was.
 */
export interface UsageEventBatch {
  inputs: Array<Record<string, unknown>>;
  positions: number[];
  refused: WireRejection[];
}

export function usageEventBatch(body: Record<string, unknown>): UsageEventBatch {
  const { events } = body;
  if (!Array.isArray(events) || !events.every((event) => event && typeof event === 'object' && !Array.isArray(event))) {
    throw badInput('events', 'events must be a list of objects');
  }
  const batch: UsageEventBatch = { inputs: [], positions: [], refused: [] };
  for (const [position, event] of (events as Array<Record<string, unknown>>).entries()) {
    const input = usageEventInput(event);
    if (typeof input === 'string') {
      batch.refused.push({ position, event_id: typeof event.event_id === 'string' ? event.event_id : null, reason: input });
    } else {
      batch.inputs.push(input);
      batch.positions.push(position);
    }
  }
  return batch;
}

/** One event in GraphQL's names, or why its JSON types are wrong. */
function usageEventInput(event: Record<string, unknown>): Record<string, unknown> | string {
  const input: Record<string, unknown> = {};
  const metadata: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(event)) {
    const known = Object.hasOwn(EVENT_TEXTS, field) || Object.hasOwn(EVENT_COUNTS, field) || Object.hasOwn(EVENT_FLAGS, field);
    if (known && (value === null || value === undefined)) continue;
    if (Object.hasOwn(EVENT_TEXTS, field)) {
      if (typeof value !== 'string') return `${field} must be a string`;
      input[EVENT_TEXTS[field]] = value;
    } else if (Object.hasOwn(EVENT_COUNTS, field)) {
      // Out-of-range whole numbers go on: the guard's rule names the range.
      if (!Number.isInteger(value) || Math.abs(value as number) > GRAPHQL_INT_MAX) return `${field} must be a whole number`;
      input[EVENT_COUNTS[field]] = value;
    } else if (Object.hasOwn(EVENT_FLAGS, field)) {
      if (typeof value !== 'boolean') return `${field} must be true or false`;
      input[EVENT_FLAGS[field]] = value;
    } else {
      metadata[field] = value;
    }
  }
  if (Object.keys(metadata).length > 0) input.metadata = metadata;
  return input;
}

/** The `/track/batch` answer: the guard's verdicts and the shim's own, in batch order. */
export function ingestBody(batch: UsageEventBatch, result: IngestView) {
  const judged = result.rejected.map(({ index, eventId, field, reason }) => ({ position: batch.positions[index], event_id: eventId, reason: protocolText(reason, field) }));
  const rejected = [...batch.refused, ...judged].sort((a, b) => a.position - b.position).map(({ event_id, reason }) => ({ event_id, reason }));
  return {
    accepted_event_ids: result.acceptedEventIds,
    rejected,
    actions: result.actions.map(({ type, workflowId, reason }) => ({ type, workflow_id: workflowId, reason })),
    messages: [],
  };
}
