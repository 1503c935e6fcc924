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
 * An operator killed the workflow, possibly while a protected call was running. Not an
 * `SvcError` on purpose: error hooks do not fire for it and `guarded`/`handle` let it through,
 * so nothing that handles ordinary SDK errors can swallow a kill. A kill cannot be undone.
 */
export class WorkflowKilledInterrupt extends Error {
  readonly errorCode = 'SV-W002';
  readonly userAction: string = ERROR_CODES['SV-W002'].userAction;
  readonly retryable = false;
  readonly docsUrl: string = docsUrlOf('SV-W002');
  readonly workflowId: string | null;
  readonly reason: string | null;

  constructor(message: string, fields: SignalFields = {}) {
    super(message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.name = 'WorkflowKilledInterrupt';
    this.workflowId = fields.workflowId ?? null;
    this.reason = fields.reason ?? null;
  }
}

/**
 * The kill signal of SDKs before 0.4.
 *
 * @deprecated The SDK raises `WorkflowKilledInterrupt`; constructing this emits a DeprecationWarning.
 */
export class WorkflowKilledException extends Error {
  readonly errorCode = 'SV-W001';
  readonly userAction: string = ERROR_CODES['SV-W001'].userAction;
  readonly retryable = false;
  readonly docsUrl: string = docsUrlOf('SV-W001');
  readonly workflowId: string | null;

  constructor(message = 'The workflow was killed', fields: SignalFields = {}) {
    super(message);
    this.name = 'WorkflowKilledException';
    this.workflowId = fields.workflowId ?? null;
    process.emitWarning('WorkflowKilledException is deprecated: catch WorkflowKilledInterrupt', {
      type: 'DeprecationWarning',
      code: 'SVC_DEP_KILLED_EXCEPTION',
    });
  }
}
