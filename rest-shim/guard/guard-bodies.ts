import type { Static } from '@sinclair/typebox';
import type { Response } from 'express';
import { badInput } from '../../lib/errors';
import type {
  GateDecisionFieldsFragment,
  GateInput,
  GuardCapabilitiesQuery,
  IngestEventsMutation,
  OrganisationUsageQuery,
  TrackUsageInput,
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
  TrackBody,
  Usage,
  UsageQuery,
  WorkflowState,
} from './guard-schemas';
import { bodyDigestHeader } from './signed-body';

/**
 * All the guard protocol's mapping, in one place: snake_case wire bodies to the guard subgraph's
 * inputs, and its results to the protocol's answers.
 */

/** Signed routes send the digest of the exact body bytes, so the subgraph can check the signature. */
export const signedBody = (_input: unknown, res: Response) => bodyDigestHeader(res);

/** The `/gate` and `/execute` body as the `GateInput` of the guard subgraph. */
export function gateInput(body: Static<typeof GateBody>): GateInput {
  return {
    organisationId: body.organization_id,
    executionId: body.execution_id,
    traceId: body.trace_id,
    tool: body.tool,
    input: body.input,
    mode: body.mode,
    checkType: body.check_type,
    model: body.model,
    estimatedTokens: body.estimated_tokens,
    operationId: body.operation_id,
    idempotencyKey: body.idempotency_key,
    tools: body.tools,
    chainId: body.chain_id,
    chainOp: body.chain_op,
    workflowId: body.workflow_id,
    approvalId: body.approval_id,
  };
}

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

export const RESUME_AFTER_RULE = 'resume_after must be an ISO 8601 date-time or unix seconds';

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

export function ingestBody({ ingestEvents: result }: IngestEventsMutation): Static<typeof IngestOutcome> {
  return {
    accepted_event_ids: result.acceptedEventIds,
    rejected: result.rejected.map(({ eventId, reason }) => ({ event_id: eventId, reason })),
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
  return { workflow_id: workflow.id, state: workflow.state, version: workflow.version, reason: workflow.reason, updated_at: workflow.updatedAt, resume_after: workflow.resumeAfter };
}
