import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/**
 * The JSON-RPC error codes the MCP endpoint answers with, beside the protocol's own
 * (`InvalidParams` for an unknown tool or arguments that do not fit its input schema). Server
 * errors take -32000 to -32099 in JSON-RPC; these are the endpoint's (docs/mcp.md).
 */
export const McpErrorCode = {
  /** The guard's gate refused the call (block, throttle, a denied or expired approval): `data` carries its decision. */
  GuardRefused: -32010,
  /** The workflow was killed while the call waited or ran: the call ended at once. */
  WorkflowKilled: -32011,
  /** The guard could not decide (the key was refused, its signals could not be heard). */
  GuardUnavailable: -32012,
  /** The key requires signed requests, or the request carries a signature: MCP calls are not signed (docs/decisions/mcp-calls-are-not-signed.md). */
  SignedKeyRefused: -32013,
} as const;

/** What the guard answered, as a refusal's `data` carries it. */
export interface GuardVerdict {
  decision: string;
  explanation: string;
  errorCode?: string;
  workflowId: string | null;
  details: Record<string, unknown>;
}

export function guardRefusal(verdict: GuardVerdict, because?: string): McpError {
  const code = verdict.errorCode ? ` (${verdict.errorCode})` : '';
  return new McpError(McpErrorCode.GuardRefused, `Refused by the guard: ${verdict.explanation}${code}${because ? `: ${because}` : ''}`, verdict);
}

export function workflowKilled(workflowId: string, reason: string | null): McpError {
  return new McpError(McpErrorCode.WorkflowKilled, `Workflow ${workflowId} was killed${reason ? `: ${reason}` : ''}; the call was ended`, { workflowId, explanation: 'WORKFLOW_KILLED', reason });
}

export function guardUnavailable(message: string, data?: unknown): McpError {
  return new McpError(McpErrorCode.GuardUnavailable, message, data);
}

/** What an agent whose key requires signing (or who signs) is told: why MCP cannot serve it, and what to use instead. */
export function signedKeyRefused(why: string, guardCode?: string): McpError {
  return new McpError(
    McpErrorCode.SignedKeyRefused,
    `${why}, and MCP tool calls are not signed (a signature covers one request to the guard, a tool call makes several): call tools with a key that does not require signing, bound to the same workflow, or gate signed calls through the SDK (POST /api/v1/gate)`,
    guardCode ? { code: guardCode } : undefined,
  );
}

export function unknownTool(name: string): McpError {
  return new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}": tools/list names the tools`);
}

export function badArguments(name: string, why: string): McpError {
  return new McpError(ErrorCode.InvalidParams, `Arguments of ${name} do not fit its input schema: ${why}`);
}
