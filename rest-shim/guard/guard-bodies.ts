import type { Static } from '@sinclair/typebox';
import { badInput } from '../../lib/errors';
import { holdsUnstorableText, isUnstorableText } from '../../lib/validation';
import type {
  GateDecisionFieldsFragment,
  GateInput,
  GuardCapabilitiesQuery,
  IngestEventsMutation,
  OrganisationUsageQuery,
  TrackUsageInput,
  UsageEventInput,
  VerifyApiKeyMutation,
  WorkflowStateFieldsFragment,
  WorkflowStatusQuery,
} from '../generated/graph';
import type {
  Capabilities,
  Decision,
  GateBody,
  IngestOutcome,
  KeyHolder,
  PauseBody,
  Status,
  TrackBatchBody,
  TrackBody,
  Usage,
  UsageQuery,
  WorkflowState,
} from './guard-schemas';
import type { GateInputOf } from '../../lib/guard-protocol';
import { RESUME_AFTER_RULE, protocolText } from './guard-errors';
import { protocolFields } from './protocol-fields';
import type { RouteCall } from '../kit/route';
import { signedRequestHeaders } from './signed-body';

/**
 * All the guard protocol's mapping, in one place: snake_case wire bodies to the guard subgraph's
 * inputs, and its results to the protocol's answers.
 */

/** Signed routes send the digest of the exact body bytes and their path, so the subgraph can check the signature and bind it to the route. */
export const signedBody = (_input: unknown, call: RouteCall) => signedRequestHeaders(call.bodyDigest);

/**
 * The gate body is mapped by the protocol (`gateInput`, lib/guard-protocol); this fails to compile
 * when a name it gives is not a field of the graph's `GateInput`.
 */
export const gateFieldsAreGraphFields: [Exclude<keyof GateInputOf<Static<typeof GateBody>>, keyof GateInput>] extends [never] ? true : never = true;

export function trackInput(body: Static<typeof TrackBody>): TrackUsageInput {
  return {
    reservationId: body.reservation_id,
    tokens: body.tokens,
    inputTokens: body.input_tokens,
    outputTokens: body.output_tokens,
    model: body.model,
    latencyMs: body.latency_ms,
    idempotencyKey: body.idempotency_key,
  };
}

/** `?window=`, 24 hours when left out. */
export const usageWindow = (query: Static<typeof UsageQuery>) => query.window ?? '24h';

/** `resume_after` as an ISO 8601 date-time or unix seconds. */
export function resumeAfter(body: Static<typeof PauseBody>): string | undefined {
  const value = body.resume_after;
  if (value === undefined) return undefined;
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) throw badInput('resume_after', RESUME_AFTER_RULE);
  return date.toISOString();
}

export function capabilitiesBody({ guardCapabilities: c }: GuardCapabilitiesQuery): Static<typeof Capabilities> {
  return {
    protocol_version: c.protocolVersion,
    min_protocol_version: c.minProtocolVersion,
    max_protocol_version: c.maxProtocolVersion,
    server_version: c.serverVersion,
    sdk_min_version: c.sdkMinVersion,
    capabilities: {
      server_minted_execution_id: true,
      per_execution_reservations: true,
      heartbeat_time_based: true,
      heartbeat_interval_seconds: c.heartbeatIntervalSeconds,
      chain_idle_ttl_seconds: c.chainIdleTtlSeconds,
      idempotency_keys: true,
    },
  };
}

export function keyHolderBody({ verifyApiKey: holder }: VerifyApiKeyMutation): Static<typeof KeyHolder> {
  return {
    organization_id: holder.organisation.id,
    organization_name: holder.organisation.name,
    workflow_id: holder.workflowId,
    key_version: holder.keyVersion,
    ...(holder.secretKey !== null && { secret_key: holder.secretKey }),
  };
}

export function decisionBody(decision: GateDecisionFieldsFragment): Static<typeof Decision> {
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

/** The protocol's event fields and their `UsageEventInput` names; anything else is metadata. */
const EVENT_TEXTS = {
  event_id: 'eventId',
  type: 'type',
  workflow_id: 'workflowId',
  trace_id: 'traceId',
  span_id: 'spanId',
  model: 'model',
  tool_name: 'toolName',
} as const satisfies Record<string, keyof UsageEventInput>;
const EVENT_COUNTS = {
  tokens: 'tokens',
  input_tokens: 'inputTokens',
  output_tokens: 'outputTokens',
  latency_ms: 'latencyMs',
  duration_ms: 'durationMs',
} as const satisfies Record<string, keyof UsageEventInput>;
const EVENT_FLAGS = { is_retry: 'isRetry' } as const satisfies Record<string, keyof UsageEventInput>;
const GRAPHQL_INT_MAX = 2 ** 31 - 1;

/**
 * A `/track/batch` body as `UsageEventInput`s, one per wire event, in order. A batch is judged
 * event by event, but GraphQL would refuse the whole request for one field of the wrong JSON
 * type: such an event goes as an empty one in its place (the guard rejects it: no `eventId`), so
 * the batch keeps its length (the guard's size limit holds) and its positions, and the shim's
 * own reason replaces the guard's.
 */
export interface UsageEventBatch {
  inputs: UsageEventInput[];
  /** Position in the batch → the wire event's id and why its JSON types are wrong. */
  mistyped: Map<number, { event_id: string | null; reason: string }>;
}

/** The route maps one body twice (variables, then the answer): the batch is made once per body. */
const batches = new WeakMap<object, UsageEventBatch>();

export function usageEventBatch(body: Static<typeof TrackBatchBody>): UsageEventBatch {
  const known = batches.get(body);
  if (known) return known;
  const batch: UsageEventBatch = { inputs: [], mistyped: new Map() };
  for (const [position, event] of (body.events as Array<Record<string, unknown>>).entries()) {
    const input = usageEventInput(event);
    if (typeof input === 'string') batch.mistyped.set(position, { event_id: typeof event.event_id === 'string' ? event.event_id : null, reason: input });
    batch.inputs.push(typeof input === 'string' ? {} : input);
  }
  batches.set(body, batch);
  return batch;
}

/** One event in GraphQL's names, or why its JSON types are wrong. */
function usageEventInput(event: Record<string, unknown>): UsageEventInput | string {
  const input: Record<string, unknown> = {};
  const metadata: Record<string, unknown> = {};
  // Keys, not entries: a pair array per field was a third of this function's time in a batch.
  for (const field of Object.keys(event)) {
    const value = event[field];
    if (isUnstorableText(field)) return 'Event field names must not contain NUL characters or unpaired surrogates';
    if (holdsUnstorableText(value)) return `${field} must not contain NUL characters or unpaired surrogates`;
    const known = Object.hasOwn(EVENT_TEXTS, field) || Object.hasOwn(EVENT_COUNTS, field) || Object.hasOwn(EVENT_FLAGS, field);
    if (known && (value === null || value === undefined)) continue;
    if (Object.hasOwn(EVENT_TEXTS, field)) {
      if (typeof value !== 'string') return `${field} must be a string`;
      input[EVENT_TEXTS[field as keyof typeof EVENT_TEXTS]] = value;
    } else if (Object.hasOwn(EVENT_COUNTS, field)) {
      // Out-of-range whole numbers go on: the guard's rule names the range.
      if (!Number.isInteger(value) || Math.abs(value as number) > GRAPHQL_INT_MAX) return `${field} must be a whole number`;
      input[EVENT_COUNTS[field as keyof typeof EVENT_COUNTS]] = value;
    } else if (Object.hasOwn(EVENT_FLAGS, field)) {
      if (typeof value !== 'boolean') return `${field} must be true or false`;
      input[EVENT_FLAGS[field as keyof typeof EVENT_FLAGS]] = value;
    } else {
      metadata[field] = value;
    }
  }
  if (Object.keys(metadata).length > 0) input.metadata = metadata;
  return input as UsageEventInput;
}

/** The `/track/batch` answer: the guard's verdicts, with the shim's own for mistyped events, in batch order. */
export function ingestBody({ ingestEvents: result }: IngestEventsMutation, batch: UsageEventBatch): Static<typeof IngestOutcome> {
  const rejected = [...result.rejected]
    .sort((a, b) => a.index - b.index)
    .map(({ index, eventId, field, reason }) => batch.mistyped.get(index) ?? { event_id: eventId, reason: protocolText(reason, field) });
  return {
    accepted_event_ids: result.acceptedEventIds,
    rejected,
    actions: result.actions.map(({ type, workflowId, reason }) => ({ type, workflow_id: workflowId, reason })),
    messages: [],
  };
}

export function statusBody({ workflowStatus: s }: WorkflowStatusQuery): Static<typeof Status> {
  return { workflow_id: s.workflowId, state: s.state, version: s.version, reason: s.reason, updated_at: s.updatedAt, current_cost: s.currentCostCents, rate_per_minute: s.ratePerMinute };
}

export function usageBody({ organisationUsage }: OrganisationUsageQuery): Static<typeof Usage> {
  return { workflows: organisationUsage.map((usage) => ({ workflow_id: usage.workflowId, calls: usage.calls, tokens: usage.tokens, cost_cents: usage.costCents })) };
}

export function workflowStateBody(workflow: WorkflowStateFieldsFragment): Static<typeof WorkflowState> {
  return protocolFields(workflow);
}
