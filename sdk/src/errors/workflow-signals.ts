import { docsUrlOf, ERROR_CODES } from './error-codes';
import { SvcError, type ErrorOptions } from './breaker-error';

interface SignalFields extends ErrorOptions {
  workflowId?: string | null;
  reason?: string | null;
}

/** An operator paused the workflow: retry after `resumeAfter` (or once it is resumed). */
export class WorkflowPausedException extends SvcError {
  readonly workflowId: string | null;
  readonly reason: string | null;
  /** When the pause is planned to end, if the operator said. */
  readonly resumeAfter: Date | null;

  constructor(message: string, fields: SignalFields & { resumeAfter?: Date | null } = {}) {
    super('SV-W003', message, fields);
    this.workflowId = fields.workflowId ?? null;
    this.reason = fields.reason ?? null;
    this.resumeAfter = fields.resumeAfter ?? null;
  }
}

/**
 * The structured fields of every public SDK error, for the two kill signals that stand outside
 * the BreakerError tree. Not exported: callers catch the two classes below.
 */
abstract class KillSignal extends Error {
  readonly errorCode: string;
  readonly userAction: string;
  readonly retryable = false;
  readonly docsUrl: string;
  readonly workflowId: string | null;

  constructor(errorCode: 'SV-W001' | 'SV-W002', message: string, fields: SignalFields) {
    super(message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.name = new.target.name;
    this.errorCode = errorCode;
    this.userAction = ERROR_CODES[errorCode].userAction;
    this.docsUrl = docsUrlOf(errorCode);
    this.workflowId = fields.workflowId ?? null;
  }
}

/**
 * An operator killed the workflow, possibly while a protected call was running. Not an
 * `SvcError` on purpose: error hooks do not fire for it and `guarded`/`handle` let it through,
 * so nothing that handles ordinary SDK errors can swallow a kill. A kill cannot be undone.
 */
export class WorkflowKilledInterrupt extends KillSignal {
  readonly reason: string | null;

  constructor(message: string, fields: SignalFields = {}) {
    super('SV-W002', message, fields);
    this.reason = fields.reason ?? null;
  }
}

/**
 * The kill signal of SDKs before 0.4.
 *
 * @deprecated The SDK raises `WorkflowKilledInterrupt`; constructing this emits a DeprecationWarning.
 */
export class WorkflowKilledException extends KillSignal {
  constructor(message = 'The workflow was killed', fields: SignalFields = {}) {
    super('SV-W001', message, fields);
    process.emitWarning('WorkflowKilledException is deprecated: catch WorkflowKilledInterrupt', {
      type: 'DeprecationWarning',
      code: 'SVC_DEP_KILLED_EXCEPTION',
    });
  }
}

/** The kill interrupt, worded the same wherever the SDK learns of the kill. */
export function killedInterrupt(workflowId: string | null, reason: string | null): WorkflowKilledInterrupt {
  return new WorkflowKilledInterrupt(`Workflow ${workflowId ?? '(bound)'} was killed${reason ? `: ${reason}` : ''}`, { workflowId, reason });
}

/** The pause refusal, worded the same wherever the SDK learns of the pause. */
export function pausedException(workflowId: string | null, reason: string | null, resumeAfter: Date | null): WorkflowPausedException {
  return new WorkflowPausedException(`Workflow ${workflowId ?? '(bound)'} is paused${reason ? `: ${reason}` : ''}`, { workflowId, reason, resumeAfter });
}
