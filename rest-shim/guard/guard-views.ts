/** The GraphQL results the guard operations select, as the shim reads them. */
export interface GateDecisionView {
  decision: string;
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

export interface WorkflowStateView {
  id: string;
  state: string;
  version: number;
  reason: string | null;
  updatedAt: string;
  resumeAfter: string | null;
}

export interface CapabilitiesView {
  protocolVersion: number;
  minProtocolVersion: number;
  maxProtocolVersion: number;
  serverVersion: string;
  sdkMinVersion: string;
  heartbeatIntervalSeconds: number;
  chainIdleTtlSeconds: number;
}

export interface KeyHolderView {
  organisation: { id: string; name: string | null };
  workflowId: string | null;
  keyVersion: number;
  secretKey: string | null;
}

export interface IngestView {
  acceptedEventIds: string[];
  rejected: Array<{ index: number; eventId: string | null; field: string | null; reason: string }>;
  actions: Array<{ type: string; workflowId: string; reason: string }>;
}

export interface StatusView {
  workflowId: string;
  state: string;
  version: number;
  reason: string | null;
  updatedAt: string;
  currentCostCents: number;
  ratePerMinute: number;
}

export interface UsageView {
  workflowId: string | null;
  calls: number;
  tokens: number;
  costCents: number;
}
