/** The gate's answers, spelled as the wire protocol spells them. */
export enum GateVerdict {
  allow = 'allow',
  block = 'block',
  throttle = 'throttle',
  require_approval = 'require_approval',
  soft_pass = 'soft_pass',
}

/** Why the gate answered as it did (`explanation`), with the SDK error code each refusal maps to. */
export const REFUSALS = {
  WORKFLOW_KILLED: { verdict: GateVerdict.block, errorCode: 'SV-W002', text: 'The workflow was killed' },
  WORKFLOW_PAUSED: { verdict: GateVerdict.throttle, errorCode: 'SV-W003', text: 'The workflow is paused' },
  TOOL_BLOCKED: { verdict: GateVerdict.block, errorCode: 'SV-T001', text: 'The tool is blocked by policy' },
  BUDGET_EXCEEDED: { verdict: GateVerdict.block, errorCode: 'SV-B004', text: 'The workflow budget cannot cover this call' },
  APPROVAL_REQUIRED: { verdict: GateVerdict.require_approval, errorCode: 'SV-X001', text: 'The tool needs an operator approval' },
  APPROVAL_DENIED: { verdict: GateVerdict.block, errorCode: 'SV-X001', text: 'An operator denied this tool call' },
  CHAIN_EXPIRED: { verdict: GateVerdict.block, errorCode: 'SV-CH001', text: 'The chain ended or was idle too long' },
  EXECUTION_CANCELLED: { verdict: GateVerdict.block, errorCode: 'SV-X001', text: 'The execution was cancelled' },
} as const;

export type RefusalReason = keyof typeof REFUSALS;

/** What an SDK asks the gate (the body of `/gate` and `/execute`). */
export interface GateRequest {
  organisationId?: string | null;
  executionId?: string | null;
  traceId?: string | null;
  tool?: string | null;
  input?: unknown;
  mode?: string | null;
  checkType?: string | null;
  model?: string | null;
  estimatedTokens?: number | null;
  operationId?: string | null;
  idempotencyKey?: string | null;
  tools?: string[] | null;
  chainId?: string | null;
  chainOp?: string | null;
  workflowId?: string | null;
  approvalId?: string | null;
}

export interface GateDecision {
  decision: GateVerdict;
  explanation: string;
  explanations: string[];
  reservationId: string | null;
  operationId: string | null;
  executionId: string;
  workflowId: string | null;
  remainingBudgetCents: number | null;
  projectedCostCents: number;
  details: Record<string, unknown>;
  approvalId: string | null;
  approvalTimeoutSeconds: number | null;
}
