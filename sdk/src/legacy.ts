/**
 * Exception names of earlier SDK versions, kept importable for code written against them:
 * `import { WorkflowPausedException } from '@switchyard/sdk/legacy'`. They are the very classes
 * the SDK raises (a pause is still a WorkflowPausedException), just not advertised by the main
 * entry point. The classes removed in 0.4.0 (CostLimitExceeded, ApprovalRequired,
 * BreakerTimeout, LoopDetectedException, RetryStormException, RateLimitExceededException) exist
 * under no import path.
 */

/** @deprecated Check `errorCode === 'SV-W003'` on an SvcError, or import it from here. */
export { WorkflowPausedException } from './errors/workflow-signals';
/** @deprecated Catch WorkflowKilledInterrupt; constructing this emits a DeprecationWarning. */
export { WorkflowKilledException } from './errors/workflow-signals';
/** @deprecated Catch SvcAuthError (a rejected key) or SvcConfigError. */
export { SvcAuthenticationError } from './errors/config-errors';
/** @deprecated Catch SvcBudgetError, SvcToolBlockedError or SvcDecision. */
export { SvcBlockedException } from './errors/decision-errors';
