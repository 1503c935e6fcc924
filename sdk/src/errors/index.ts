export { DOCS_BASE_URL, ERROR_CODES, type SvcErrorCode } from './error-codes';
export { BreakerError, SvcError } from './breaker-error';
export { SvcAuthenticationError, SvcAuthError, SvcConfigError } from './config-errors';
export {
  RateLimitError,
  SvcBackendError,
  SvcInfrastructureError,
  SvcProtocolError,
  SvcRateLimitReservationError,
  SvcTransportError,
  type TransportSource,
} from './transport-errors';
export {
  SvcBlockedException,
  SvcBudgetError,
  SvcChainError,
  SvcConsumeOverbudgetError,
  SvcDecision,
  SvcToolBlockedError,
  SvcWorkflowInactiveError,
  type DecisionFields,
} from './decision-errors';
export { WorkflowKilledException, WorkflowKilledInterrupt, WorkflowPausedException } from './workflow-signals';
export { BreakerTransportError, InsecureTransportError } from './delivery-errors';
