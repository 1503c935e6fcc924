import type { WorkflowChangedMessage } from './workflow-shapes';

export type { WorkflowChangedMessage };

/** The guard's pubsub topics: cache coherence between instances and the control channel. */
export enum Topic {
  /** State, budget or policy of a workflow changed (its version grew); also a new workflow. */
  WorkflowChanged = 'guard.workflow-changed',
  /** Spend or held budget moved; carries the new totals so snapshots stay warm. */
  SpendChanged = 'guard.spend-changed',
  /** A key was revoked or its settings changed. */
  ApiKeyChanged = 'guard.api-key-changed',
  ApprovalRequested = 'guard.approval-requested',
  ApprovalResolved = 'guard.approval-resolved',
  ExecutionCancelled = 'guard.execution-cancelled',
  ChainEnded = 'guard.chain-ended',
  /** An instance could not lease budget for a workflow: the others give back what they hold unused. */
  BudgetShortage = 'guard.budget-shortage',
}

export interface SpendChangedMessage {
  workflowId: string;
  spentMicrocents: number;
  heldMicrocents: number;
}

export interface ApiKeyChangedMessage {
  keyHash: string;
}

export interface ApprovalMessage {
  approvalId: string;
  organisationId: string;
  workflowId: string;
  tool: string;
  status: 'pending' | 'approved' | 'denied';
  note: string | null;
}

export interface ExecutionCancelledMessage {
  organisationId: string;
  executionId: string;
}

export interface ChainEndedMessage {
  organisationId: string;
  chainKey: string;
}

export interface BudgetShortageMessage {
  workflowId: string;
  holder: string;
}

export interface Topics {
  [Topic.WorkflowChanged]: WorkflowChangedMessage;
  [Topic.SpendChanged]: SpendChangedMessage;
  [Topic.ApiKeyChanged]: ApiKeyChangedMessage;
  [Topic.ApprovalRequested]: ApprovalMessage;
  [Topic.ApprovalResolved]: ApprovalMessage;
  [Topic.ExecutionCancelled]: ExecutionCancelledMessage;
  [Topic.ChainEnded]: ChainEndedMessage;
  [Topic.BudgetShortage]: BudgetShortageMessage;
}
