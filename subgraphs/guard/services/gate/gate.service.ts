import { randomUUID } from 'node:crypto';
import { newTimeOrderedId } from '../../../../lib/db';
import { AppError } from '../../../../lib/errors';
import { ToolAction, WorkflowState } from '../../entities';
import type { ApprovalService } from '../approvals/approval.service';
import type { BudgetPools } from '../budget/budget-pools';
import type { ChainRegistry } from '../executions/chain-registry';
import type { ExecutionCancellations } from '../executions/execution-cancellations';
import { GateVerdict, REFUSALS, type GateDecision, type GateRequest, type RefusalReason } from './gate-decision';
import type { GateReplays } from './gate-replays';
import { checkGateRequest } from './gate-request-rules';
import type { KeyCaller } from '../callers/key-authenticator';
import type { SdkCredentials } from '../callers/sdk-credentials';
import { requireBoundWorkflow } from '../callers/workflow-binding';
import type { ModelPriceTable } from '../budget/model-prices';
import type { NewReservation, ReservationWriter } from '../budget/reservation-writer';
import { gateAuditEntry } from './gate-audit-entry';
import { restrictionOf } from '../policy/tool-policy';
import type { WorkflowCache } from '../workflows/workflow-cache';
import { freeMicrocents, toCents, type WorkflowSnapshot } from '../shared/workflow-snapshot';
import { gateDecisions } from '../../../../lib/metrics';
import type { FirstClaims } from '../claims';
import type { RunawayBrake } from '../runaway/runaway-brake';
import { GenAi, describeSpan, inGuardSpan } from '../shared/gen-ai-telemetry';

/** The process-wide, in-memory state the gate decides from. */
export interface GateState {
  workflows: WorkflowCache;
  pools: BudgetPools;
  reservations: ReservationWriter;
  prices: ModelPriceTable;
  chains: ChainRegistry;
  cancellations: ExecutionCancellations;
  replays: GateReplays;
  /** Runaway rules: counts each call of a workflow that has them, stops the workflow that breaks one. */
  runaway: RunawayBrake;
  /** Each execution's reservation, `execution:<organisation>:<execution id>` (Redis when configured). */
  claims: FirstClaims;
  /** How long a reservation is held unconsumed, and so how long an execution's is remembered. */
  reservationTtlSeconds: number;
  approvalTimeoutSeconds: number;
  /** Whether each decision goes onto the audit trail, written with its reservation (`GUARD_AUDIT_GATE_DECISIONS`). */
  auditGateDecisions: boolean;
}

/** What one evaluation reserved, written behind once the decision is made (with it, on the audit trail). */
interface Held {
  reservation?: NewReservation;
}

interface CallContext {
  request: GateRequest;
  workflow: WorkflowSnapshot;
  executionId: string;
  projectedMicrocents: number;
  /** `key:<id>`, as the audit trail names the caller. */
  actor: string;
  held: Held;
}

/**
 * The gate: the pre-flight check of every agent call. Refusals are answers (`block`, `throttle`,
 * `require_approval`), never errors. With the workflow and key warm, a decision touches no
 * database: state, policy and budget come from memory, the reservation is written behind.
 */
export class GateService {
  constructor(
    private readonly state: GateState,
    /** Made when a call needs an approval: a plain gate call never forks an EntityManager. */
    private readonly approvals: () => ApprovalService,
    private readonly credentials: SdkCredentials,
  ) {}

  /** `/gate` and, with `toolRequired`, `/execute` (a sensitive tool about to run). */
  async decide(request: GateRequest, options: { toolRequired: boolean }): Promise<GateDecision> {
    const caller = await this.credentials.signed();
    checkGateRequest(request, options.toolRequired);
    if (request.organisationId && request.organisationId !== caller.organisationId) {
      throw new AppError('WORKFLOW_INACTIVE', 'The API key belongs to another organisation', { details: { reason: 'cross_org' } });
    }
    const operation = request.tool ? 'execute_tool' : 'chat';
    return inGuardSpan(`guard.gate ${operation}`, { [GenAi.operation]: operation, [GenAi.model]: request.model ?? undefined, [GenAi.tool]: request.tool ?? undefined }, async () => {
      const decision = request.idempotencyKey
        ? await this.state.replays.decide(`${caller.keyId}\u0000${request.idempotencyKey}`, () => this.evaluated(caller, request))
        : await this.evaluated(caller, request);
      gateDecisions.inc({ result: decision.decision });
      describeSpan({ [GenAi.workflowId]: decision.workflowId ?? undefined, [GenAi.decision]: decision.decision, [GenAi.explanation]: decision.explanation });
      return decision;
    });
  }

  /** A decision made (a replay of an idempotent call is not made again), and its writes queued behind it. */
  private async evaluated(caller: KeyCaller, request: GateRequest): Promise<GateDecision> {
    const held: Held = {};
    const decision = await this.evaluate(caller, request, held);
    const entry = this.state.auditGateDecisions ? gateAuditEntry(caller, request, decision, new Date()) : undefined;
    if (held.reservation) this.state.reservations.add(held.reservation, entry);
    else if (entry) this.state.reservations.record(entry);
    return decision;
  }

  private async evaluate(caller: KeyCaller, request: GateRequest, held: Held): Promise<GateDecision> {
    const executionId = request.executionId || randomUUID();
    const workflow = await this.workflowOf(caller, request);
    const projectedMicrocents = this.state.prices.projectMicrocents(request.model, request.estimatedTokens ?? 0);
    if (!workflow) {
      return answer(GateVerdict.soft_pass, 'NO_WORKFLOW', request, executionId, null, {
        explanations: ['No workflow governs this call: name one with workflow_id or bind the key to one'],
        projectedCostCents: toCents(projectedMicrocents),
      });
    }
    const call: CallContext = { request, workflow, executionId, projectedMicrocents, actor: `key:${caller.keyId}`, held };
    if (this.state.cancellations.has(caller.organisationId, executionId)) return this.refuse(call, 'EXECUTION_CANCELLED');
    if (workflow.state === WorkflowState.Killed) return this.refuse(call, 'WORKFLOW_KILLED', { reason: workflow.reason });
    if (workflow.state === WorkflowState.Paused) {
      return this.refuse(call, 'WORKFLOW_PAUSED', { reason: workflow.reason, resume_after: workflow.resumeAfter?.toISOString() ?? null });
    }
    describeSpan({ [GenAi.workflowName]: workflow.name });
    if (workflow.runaway.length > 0) {
      const stop = await this.state.runaway.gateCall(workflow, request.tool, request.input);
      if (stop?.state === WorkflowState.Killed) return this.refuse(call, 'WORKFLOW_KILLED', { reason: stop.reason });
      if (stop) return this.refuse(call, 'WORKFLOW_PAUSED', { reason: stop.reason, resume_after: null });
    }
    const tools = [request.tool, ...(request.tools ?? [])].filter((tool): tool is string => !!tool);
    const restriction = restrictionOf(workflow.rules, tools);
    if (restriction?.action === ToolAction.block) return this.refuse(call, 'TOOL_BLOCKED', { tool_name: restriction.tool, pattern: restriction.pattern });
    if (restriction?.action === ToolAction.require_approval && restriction.tool === request.tool) {
      const pending = await this.checkApproval(call, restriction.tool);
      if (pending) return pending;
    }
    if (request.chainId && (await this.chainStep(caller, request, workflow)) === 'expired') return this.refuse(call, 'CHAIN_EXPIRED', { chain_id: request.chainId });
    return this.admit(call);
  }

  /** The body's workflow when the key's organisation owns it (and the key is not bound to another), else the key's bound workflow. */
  private async workflowOf(caller: KeyCaller, request: GateRequest): Promise<WorkflowSnapshot | undefined> {
    const named = request.workflowId ? await this.state.workflows.resolve(caller.organisationId, request.workflowId) : undefined;
    requireBoundWorkflow(caller, named?.id);
    if (named) return named;
    return caller.workflowId ? this.state.workflows.get(caller.workflowId, caller.organisationId) : undefined;
  }

  /** Undefined when an operator approved this call; otherwise the answer that stops it. */
  private async checkApproval(call: CallContext, tool: string): Promise<GateDecision | undefined> {
    const { request, workflow } = call;
    const standing = request.approvalId ? await this.approvals().standingOf(request.approvalId, workflow, tool) : 'none';
    if (standing === 'approved') return undefined;
    if (standing === 'denied') return this.refuse(call, 'APPROVAL_DENIED', { tool_name: tool, approval_id: request.approvalId });
    const approvalId = standing === 'pending' ? request.approvalId! : (await this.approvals().request(workflow, tool, call.executionId, request.input, call.actor)).id;
    return this.refuse(call, 'APPROVAL_REQUIRED', { tool_name: tool, approval_id: approvalId }, { approvalId, approvalTimeoutSeconds: this.state.approvalTimeoutSeconds });
  }

  private async chainStep(caller: KeyCaller, request: GateRequest, workflow: WorkflowSnapshot): Promise<'live' | 'expired'> {
    const { chains } = this.state;
    const chainKey = request.chainId!;
    // A chain another workflow started is not this key's to extend or end.
    requireBoundWorkflow(caller, await chains.ownerOf(caller.organisationId, chainKey));
    switch (request.chainOp ?? 'auto') {
      case 'start':
        await chains.start(caller.organisationId, chainKey, workflow.id);
        return 'live';
      case 'end': {
        const live = await chains.isLive(caller.organisationId, chainKey);
        await chains.end(caller.organisationId, chainKey);
        return live ? 'live' : 'expired';
      }
      case 'continue':
        return chains.continue(caller.organisationId, chainKey);
      default:
        if ((await chains.continue(caller.organisationId, chainKey)) === 'expired') await chains.start(caller.organisationId, chainKey, workflow.id);
        return 'live';
    }
  }

  /**
   * Reserves the projected cost from this instance's lease; refuses when the budget cannot cover
   * it. An execution named by the caller is given one reservation however often it is asked
   * (a retry, a replay, another instance): a later call answers with the reservation on record.
   */
  private async admit(call: CallContext): Promise<GateDecision> {
    const { workflow, projectedMicrocents, request, executionId } = call;
    let reservationId: string | null = null;
    if (projectedMicrocents > 0) {
      reservationId = newTimeOrderedId();
      const execution = request.executionId ? `execution:${workflow.organisationId}:${executionId}` : undefined;
      const recorded = execution ? await this.state.claims.claim(execution, reservationId, this.state.reservationTtlSeconds) : reservationId;
      if (recorded !== reservationId) return this.allow(call, recorded);
      const leaseId = await this.state.pools.reserve(workflow, projectedMicrocents);
      if (!leaseId) {
        if (execution) await this.state.claims.release(execution, reservationId);
        return this.budgetRefusal(call);
      }
      call.held.reservation = { id: reservationId, organisationId: workflow.organisationId, workflowId: workflow.id, leaseId, executionId, projectedMicrocents, createdAt: new Date() };
    } else if (this.remainingMicrocents(workflow) <= 0) {
      return this.budgetRefusal(call);
    }
    return this.allow(call, reservationId);
  }

  private allow({ workflow, projectedMicrocents, request, executionId }: CallContext, reservationId: string | null): GateDecision {
    return answer(GateVerdict.allow, 'ALLOWED', request, executionId, workflow, {
      reservationId,
      remainingBudgetCents: toCents(this.remainingMicrocents(workflow)),
      projectedCostCents: toCents(projectedMicrocents),
    });
  }

  /** A strict call is blocked; a soft-mode call passes with the warning. */
  private budgetRefusal(call: CallContext): GateDecision {
    const details = { budget_cents: call.workflow.budgetCents };
    if (call.request.mode === 'soft') {
      return answer(GateVerdict.soft_pass, 'BUDGET_EXCEEDED', call.request, call.executionId, call.workflow, {
        explanations: [REFUSALS.BUDGET_EXCEEDED.text],
        details: { ...details, error_code: REFUSALS.BUDGET_EXCEEDED.errorCode },
        remainingBudgetCents: toCents(this.remainingMicrocents(call.workflow)),
        projectedCostCents: toCents(call.projectedMicrocents),
      });
    }
    return this.refuse(call, 'BUDGET_EXCEEDED', details);
  }

  private refuse(call: CallContext, reason: RefusalReason, details: Record<string, unknown> = {}, extra: Partial<GateDecision> = {}): GateDecision {
    const refusal = REFUSALS[reason];
    return answer(refusal.verdict, reason, call.request, call.executionId, call.workflow, {
      explanations: [refusal.text],
      details: { error_code: refusal.errorCode, workflow_id: call.workflow.id, ...details },
      remainingBudgetCents: toCents(this.remainingMicrocents(call.workflow)),
      projectedCostCents: toCents(call.projectedMicrocents),
      ...extra,
    });
  }

  private remainingMicrocents(workflow: WorkflowSnapshot): number {
    return freeMicrocents(workflow) + this.state.pools.unusedOf(workflow.id);
  }
}

function answer(
  decision: GateVerdict,
  explanation: string,
  request: GateRequest,
  executionId: string,
  workflow: WorkflowSnapshot | null,
  fields: Partial<GateDecision>,
): GateDecision {
  return {
    decision,
    explanation,
    explanations: [],
    reservationId: null,
    operationId: request.operationId ?? null,
    executionId,
    workflowId: workflow?.id ?? null,
    remainingBudgetCents: null,
    projectedCostCents: 0,
    details: {},
    approvalId: null,
    approvalTimeoutSeconds: null,
    ...fields,
  };
}
