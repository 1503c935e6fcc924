import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FormattedExecutionResult } from 'graphql';
import { operationOf } from '../../lib/graph-client';
import type { AgentTool, AgentTools } from './agent-tools';
import { McpGateDocument, McpRecordToolCallDocument, type McpGateMutation, type McpRecordToolCallMutation } from './generated/graph';
import type { CallerRequest, GraphCalls } from './graph-calls';
import type { AgentCaller, McpCaller } from './mcp-callers';
import { badArguments, guardRefusal, guardUnavailable, signedKeyRefused, unknownTool, workflowKilled, type GuardVerdict } from './mcp-errors';
import type { SignalWatch, WorkflowSignals } from './workflow-signals';

type GateDecision = McpGateMutation['gate'];

/** The guard protocol's request signature (lib/auth's caller credentials). */
const SIGNATURE_HEADERS = ['x-signature', 'x-signature-timestamp'];

/** The gate's verdicts under which the call runs. */
const PASSING = new Set(['allow', 'soft_pass']);

/** One tool call as the MCP request handler hands it over. */
export interface ToolCall {
  caller: McpCaller;
  request: CallerRequest;
  /** Forwarded headers of the caller (its gateway context's), for the guard's control subscription. */
  forwardedHeaders: Record<string, string>;
  name: string;
  args: Record<string, unknown>;
  /** Aborted when the MCP client cancels the call or goes away. */
  signal: AbortSignal;
}

/**
 * A tool call: the tool found and its arguments checked (nothing runs otherwise); for an agent,
 * the guard's gate for its key's workflow first (budget, the tool's policy, approvals, pause and
 * kill), the operation raced against a kill of the workflow, and a `tool_call` event recorded.
 */
export class GovernedCalls {
  constructor(
    private readonly tools: AgentTools,
    private readonly graph: GraphCalls,
    private readonly signals: WorkflowSignals,
  ) {}

  async call(call: ToolCall): Promise<CallToolResult> {
    const tool = this.tools.find(call.name);
    if (!tool) throw unknownTool(call.name);
    const mismatch = tool.check(call.args);
    if (mismatch) throw badArguments(tool.name, mismatch);
    if (call.caller.kind !== 'agent') return answerOf(await this.graph.run(call.request, tool.document, call.args, tool.operationName));
    return this.governed(call, call.caller, tool);
  }

  private async governed(call: ToolCall, caller: AgentCaller, tool: AgentTool): Promise<CallToolResult> {
    // The gateway cannot vouch for the digest of a body the guard never sees: refused before the gate, not as SIGNATURE_INVALID.
    if (SIGNATURE_HEADERS.some((name) => call.request.headers[name] !== undefined)) throw signedKeyRefused('This request carries a signature (X-Signature)');
    let watch: SignalWatch;
    try {
      watch = await this.signals.watch(caller.apiKey, caller.organisationId, call.forwardedHeaders);
    } catch (error) {
      throw guardUnavailable(`The guard's control signals cannot be heard for this key: ${(error as Error).message}`);
    }
    try {
      const executionId = randomUUID();
      const decision = await this.admitted(call, tool, watch, executionId);
      const workflowId = decision.workflowId;
      const started = Date.now();
      let outcome = 'ok';
      try {
        const result = workflowId ? await this.untilKilled(watch, workflowId, call.signal, this.graph.run(call.request, tool.document, call.args, tool.operationName)) : await this.graph.run(call.request, tool.document, call.args, tool.operationName);
        if (result.errors?.length) outcome = 'error';
        return answerOf(result);
      } catch (error) {
        outcome = 'ended';
        throw error;
      } finally {
        await this.record(call, tool, decision, Date.now() - started, outcome);
      }
    } finally {
      watch.release();
    }
  }

  /** The gate's decision once it lets the call run (after an operator's approval if the tool needs one); a refusal throws. */
  private async admitted(call: ToolCall, tool: AgentTool, watch: SignalWatch, executionId: string): Promise<GateDecision> {
    let decision = await this.gate(call, tool, executionId);
    if (decision.decision === 'require_approval' && decision.approvalId && decision.workflowId) {
      const approvalId = decision.approvalId;
      const timeout = (decision.approvalTimeoutSeconds ?? 300) * 1000;
      const outcome = await this.untilKilled(watch, decision.workflowId, call.signal, withTimeout(watch.approval(approvalId), timeout));
      if (outcome === undefined) throw guardRefusal(verdictOf(decision), `approval ${approvalId} was not given within ${timeout / 1000} s`);
      decision = await this.gate(call, tool, executionId, approvalId);
    }
    if (!PASSING.has(decision.decision)) throw guardRefusal(verdictOf(decision), decision.explanations[0]);
    return decision;
  }

  private async gate(call: ToolCall, tool: AgentTool, executionId: string, approvalId?: string): Promise<GateDecision> {
    const input = { executionId, traceId: executionId, tool: tool.name, input: call.args, mode: 'strict', checkType: 'tool', operationId: tool.operationName, ...(approvalId ? { approvalId } : {}) };
    const result = await this.graph.run<McpGateMutation>(call.request, operationOf(McpGateDocument).query, { input });
    if (!result.data?.gate) {
      const [error] = result.errors ?? [];
      if (error?.extensions?.code === 'SIGNATURE_REQUIRED') throw signedKeyRefused('This API key requires signed requests', 'SIGNATURE_REQUIRED');
      throw guardUnavailable(`The guard did not decide: ${error?.message ?? 'no answer'}`, error?.extensions);
    }
    return result.data.gate;
  }

  /** The promise's value, unless the workflow is killed (or the client goes) first: then the call ends at once. */
  private untilKilled<T>(watch: SignalWatch, workflowId: string, signal: AbortSignal, work: Promise<T>): Promise<T> {
    let unsubscribe = () => undefined as unknown;
    let onAbort = () => undefined as unknown;
    const stopped = new Promise<never>((_resolve, reject) => {
      unsubscribe = watch.onKilled(workflowId, (reason) => reject(workflowKilled(workflowId, reason)));
      onAbort = () => reject(guardUnavailable('The client cancelled the call'));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    return Promise.race([work, stopped]).finally(() => {
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
    });
  }

  /** The `tool_call` event of a call that ran (usage ingestion): a failure to record is logged, the call's answer stands. */
  private async record(call: ToolCall, tool: AgentTool, decision: GateDecision, durationMs: number, outcome: string): Promise<void> {
    const event = {
      eventId: `mcp-${decision.executionId}`,
      type: 'tool_call',
      workflowId: decision.workflowId,
      traceId: decision.executionId,
      toolName: tool.name,
      durationMs,
      metadata: { source: 'mcp', outcome },
    };
    try {
      const result = await this.graph.run<McpRecordToolCallMutation>(call.request, operationOf(McpRecordToolCallDocument).query, { events: [event] });
      const rejected = result.data?.ingestEvents.rejected[0];
      if (!result.data || rejected) call.request.log?.warn({ tool: tool.name, reason: rejected?.reason ?? result.errors?.[0]?.message }, 'MCP tool call not recorded');
    } catch (error) {
      call.request.log?.warn({ err: error, tool: tool.name }, 'MCP tool call not recorded');
    }
  }
}

function verdictOf(decision: GateDecision): GuardVerdict {
  const errorCode = typeof decision.details.error_code === 'string' ? decision.details.error_code : undefined;
  return { decision: decision.decision, explanation: decision.explanation, errorCode, workflowId: decision.workflowId, details: decision.details };
}

/** Undefined once `ms` have passed. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}

/** A GraphQL answer as a tool's result: its JSON as text, its data as structured content; an answer without data is an error result. */
function answerOf(result: FormattedExecutionResult): CallToolResult {
  const data = result.data ?? undefined;
  return {
    content: [{ type: 'text', text: JSON.stringify(result) }],
    ...(data ? { structuredContent: data as Record<string, unknown> } : {}),
    ...(data ? {} : { isError: true }),
  };
}
