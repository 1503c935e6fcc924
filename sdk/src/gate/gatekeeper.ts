import { randomUUID } from 'node:crypto';
import { debugLog } from '../debug-log';
import { RateLimitError, SvcTransportError } from '../errors/transport-errors';
import { killedInterrupt, pausedException } from '../errors/workflow-signals';
import type { CallScope, SensitiveMark } from '../context/call-scope';
import type { ControlState } from '../control/control-state';
import type { GuardClient } from '../transport/guard-client';
import type { GateAnswer } from './gate-answer';
import { refusalOf } from './refusal';

/** Who the API key speaks for, from `/auth/verify`. */
export interface KeyIdentity {
  readonly organisationId: string;
  readonly organisationName: string | null;
  /** The workflow the key is bound to, used when no `workflow()` scope names one. */
  readonly boundWorkflowId: string | null;
  readonly keyVersion: number | null;
}

export interface AdmitRequest {
  readonly toolName: string;
  readonly sensitive: SensitiveMark | null;
  readonly scope: CallScope;
}

/** A call the guard let through. */
export interface Admission {
  readonly executionId: string;
  readonly workflowId: string | null;
  readonly reservationId: string | null;
}

export interface GatekeeperDeps {
  client: GuardClient;
  control: ControlState;
  /** Resolves the key's identity, verifying it first if that has not succeeded yet; null when unreachable. */
  identity(): Promise<KeyIdentity | null>;
  /** Called with each workflow a call runs under, so its state is followed. */
  follow(workflowId: string): void;
}

/** Inputs sent with a sensitive tool call are cut at this size: the policy needs their shape, not megabytes. */
const MAX_INPUT_CHARS = 4096;

/**
 * The pre-flight check of a protected call: a kill this process already heard of, then for a
 * sensitive tool `/execute` (fails closed), then `/gate` (the authority; refusals are 200
 * answers). Without an answer from `/gate` the call runs (fail open: an unreachable guard must
 * not stop every agent) unless the control channel last said killed or paused.
 */
export class Gatekeeper {
  constructor(private readonly deps: GatekeeperDeps) {}

  async admit(request: AdmitRequest): Promise<Admission> {
    const admission = await this.decide(request);
    // a kill may have arrived while the gate answered
    this.checkKilled(admission.workflowId);
    return admission;
  }

  private async decide(request: AdmitRequest): Promise<Admission> {
    const { scope } = request;
    const identity = await this.deps.identity();
    const workflowId = scope.workflowId ?? identity?.boundWorkflowId ?? null;
    // a kill is final, so what this process heard of it is never stale; a pause may be
    this.checkKilled(workflowId);
    const executionId = randomUUID();
    if (!identity) {
      if (request.sensitive) {
        throw new SvcTransportError(`The sensitive tool ${request.toolName} cannot be checked: the guard gateway is unreachable`, {
          endpoint: '/api/v1/execute',
        });
      }
      return this.failOpen(request.toolName, executionId, workflowId, 'the gateway is unreachable');
    }
    const base = {
      organization_id: identity.organisationId,
      execution_id: executionId,
      trace_id: scope.traceId,
      tool: request.toolName,
      operation_id: randomUUID(),
      ...(workflowId ? { workflow_id: workflowId } : {}),
    };
    const context = { workflowId, toolName: request.toolName, tools: scope.tools, chainId: scope.chain?.id ?? null };
    const input = request.sensitive ? boundedInput(request.sensitive.input) : {};

    if (request.sensitive) {
      // fail closed: any failure to hear back is thrown as is
      const answer = await this.deps.client.post<GateAnswer>('/execute', { ...base, input, mode: 'strict' });
      const refusal = refusalOf(answer ?? {}, context);
      if (refusal) throw refusal;
    }

    let answer: GateAnswer;
    try {
      answer = (await this.deps.client.post<GateAnswer>('/gate', { ...base, ...this.gateFields(scope, input) })) ?? {};
    } catch (error) {
      if (!failsOpen(error)) throw error;
      return this.failOpen(request.toolName, executionId, workflowId, (error as Error).message);
    }
    // the gateway names the workflow by id even when the scope named it by name
    const judged = typeof answer.workflow_id === 'string' ? answer.workflow_id : workflowId;
    if (judged) this.deps.follow(judged);
    const refusal = refusalOf(answer, { ...context, workflowId: judged });
    if (refusal) throw refusal;
    return {
      executionId: typeof answer.execution_id === 'string' ? answer.execution_id : executionId,
      workflowId: judged,
      reservationId: typeof answer.reservation_id === 'string' ? answer.reservation_id : null,
    };
  }

  /** Throws WorkflowKilledInterrupt when this process has heard the workflow was killed. */
  private checkKilled(workflowId: string | null): void {
    const known = workflowId ? this.deps.control.get(workflowId) : undefined;
    if (known?.state === 'Killed') throw killedInterrupt(workflowId, known.reason);
  }

  /**
   * Without the gate's answer, the call runs (fail open) unless what this process last heard
   * from the control channel says the workflow is killed or paused.
   */
  private failOpen(toolName: string, executionId: string, workflowId: string | null, why: string): Admission {
    const known = workflowId ? this.deps.control.get(workflowId) : undefined;
    if (known?.state === 'Paused') throw pausedException(workflowId, known.reason, known.resumeAfter);
    debugLog(`no gate answer for ${toolName} (${why}); letting the call through (fail open)`);
    return { executionId, workflowId, reservationId: null };
  }

  private gateFields(scope: CallScope, input: unknown): Record<string, unknown> {
    const chain = scope.chain;
    // the gateway resolves `auto` itself (continue a live chain, else start it), across processes
    const chainFields = chain ? { chain_id: chain.id, chain_op: chain.op } : {};
    return {
      input,
      mode: chain ? 'soft' : 'strict',
      check_type: 'pre_call',
      model: scope.model ?? 'unknown',
      estimated_tokens: 0,
      idempotency_key: randomUUID(),
      tools: scope.tools ? [...scope.tools] : [],
      ...chainFields,
    };
  }
}

/** Transport trouble lets a gate call through; a refused key, a protocol mismatch, a rate limit or a policy never do. */
function failsOpen(error: unknown): boolean {
  // refusals of the key, protocol errors, decisions and rate-limit reservations are not SvcTransportErrors
  return error instanceof SvcTransportError && !(error instanceof RateLimitError);
}

function boundedInput(input: unknown): unknown {
  let text: string;
  try {
    text = JSON.stringify(input) ?? 'null';
  } catch {
    return { unserialisable: true };
  }
  return text.length <= MAX_INPUT_CHARS ? JSON.parse(text) : { truncated: text.slice(0, MAX_INPUT_CHARS) };
}
