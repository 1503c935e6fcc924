import { SvcError, type ErrorOptions } from './breaker-error';

/** What the guard said about a refused call. */
export interface DecisionFields extends ErrorOptions {
  workflowId?: string | null;
  /** The gateway's explanation, such as `BUDGET_EXCEEDED` or `TOOL_BLOCKED`. */
  reason?: string;
  /** The decision taken: `block`, `require_approval`, ... */
  action?: string;
  toolName?: string | null;
  details?: Record<string, unknown>;
  /** 402 budget, 403 cross-organisation, 422 CONSUME_OVERBUDGET, 429 cap reached; 200 for a gate refusal. */
  statusCode?: number;
}

/** The guard decided against the call: the common parent of every policy refusal. */
export class SvcDecision extends SvcError {
  readonly workflowId: string | null;
  readonly reason: string;
  readonly action: string;
  readonly toolName: string | null;
  readonly details: Readonly<Record<string, unknown>>;
  readonly statusCode: number;

  constructor(errorCode: string, message: string, fields: DecisionFields = {}) {
    super(errorCode, message, fields);
    this.workflowId = fields.workflowId ?? null;
    this.reason = fields.reason ?? 'BLOCKED';
    this.action = fields.action ?? 'block';
    this.toolName = fields.toolName ?? null;
    this.details = Object.freeze({ ...(fields.details ?? {}) });
    this.statusCode = fields.statusCode ?? 200;
  }
}

/**
 * A guard policy blocked the call.
 *
 * @deprecated Catch `SvcBudgetError`, `SvcToolBlockedError` or `SvcError` instead.
 */
export class SvcBlockedException extends SvcDecision {
  constructor(message: string, fields: DecisionFields & { errorCode?: string } = {}) {
    super(fields.errorCode ?? 'SV-X001', message, fields);
  }
}

/** The workflow's budget is exhausted. */
export class SvcBudgetError extends SvcBlockedException {
  constructor(message: string, fields: DecisionFields = {}) {
    super(message, { reason: 'BUDGET_EXCEEDED', ...fields, errorCode: 'SV-B004' });
  }
}

/** A tool of the call matches the workflow's tool block list (for instance `send_*`). */
export class SvcToolBlockedError extends SvcBlockedException {
  declare readonly toolName: string | null;

  constructor(message: string, fields: DecisionFields = {}) {
    super(message, { reason: 'TOOL_BLOCKED', ...fields, errorCode: 'SV-T001' });
  }
}

/** The chain-mode (soft) gate refused the call. */
export class SvcChainError extends SvcDecision {
  readonly chainId: string | null;

  constructor(message: string, fields: DecisionFields & { chainId?: string | null } = {}) {
    super('SV-CH001', message, fields);
    this.chainId = fields.chainId ?? null;
  }
}

/** 422: the usage reported for a reservation is above the reserved amount plus the tolerance. */
export class SvcConsumeOverbudgetError extends SvcDecision {
  readonly reservedCents: number | undefined;
  readonly actualCostCents: number | undefined;
  readonly epsilonCents: number | undefined;

  constructor(message: string, fields: DecisionFields = {}) {
    super('SV-B005', message, { reason: 'CONSUME_OVERBUDGET', statusCode: 422, ...fields });
    const numberAt = (name: string) => (typeof fields.details?.[name] === 'number' ? (fields.details[name] as number) : undefined);
    this.reservedCents = numberAt('reserved_cents');
    this.actualCostCents = numberAt('actual_cost_cents');
    this.epsilonCents = numberAt('epsilon_cents');
  }
}

/** 403: the workflow is paused, killed or belongs to another organisation. */
export class SvcWorkflowInactiveError extends SvcDecision {
  constructor(message: string, fields: DecisionFields = {}) {
    super('SV-W004', message, { reason: 'WORKFLOW_INACTIVE', statusCode: 403, ...fields });
  }
}
