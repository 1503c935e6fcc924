/**
 * @switchyard/sdk: guard agent workflows from Node. See README.md for the guide; every export
 * here is part of the public surface.
 */
export { init, initOrDie, shutdown, status } from './runtime/singleton';
export { Runtime, type ShutdownOptions, type ShutdownReport } from './runtime/runtime';
export type { StatusSnapshot, WorkflowStatus } from './runtime/status-snapshot';
export type { RuntimeState } from './runtime/health';
export type { InitOptions, RuntimeOptions, TransportMode } from './config/settings';

export { protect, type ProtectedFunction } from './wrappers/protect';
export { sensitive } from './wrappers/sensitive';
export { guarded, handle, type HandleOptions } from './wrappers/guarded';
export { agent, chain, currentSignal, setCallContext, span, workflow } from './context/scopes';
export type { ChainOp } from './context/call-scope';

export { onError, type ErrorContext, type ErrorHook } from './hooks/error-hooks';
export { trackEvent, trackLlm, trackTool, type TrackDecision, type TrackLlmOptions, type TrackToolOptions } from './tracking/track';
export { formatUserMessage, getUserMessage, setUserMessage } from './messages/user-messages';
export { GENERIC_USER_MESSAGE } from './messages/catalog';

export { BreakerError, SvcError } from './errors/breaker-error';
export { SvcAuthError, SvcConfigError } from './errors/config-errors';
export {
  RateLimitError,
  SvcBackendError,
  SvcInfrastructureError,
  SvcProtocolError,
  SvcRateLimitReservationError,
  SvcTransportError,
  type TransportSource,
} from './errors/transport-errors';
export {
  SvcBudgetError,
  SvcChainError,
  SvcConsumeOverbudgetError,
  SvcDecision,
  SvcToolBlockedError,
  SvcWorkflowInactiveError,
} from './errors/decision-errors';
export { WorkflowKilledInterrupt } from './errors/workflow-signals';
export { BreakerTransportError, InsecureTransportError } from './errors/delivery-errors';
export { ERROR_CODES, DOCS_BASE_URL, type SvcErrorCode } from './errors/error-codes';
export { PROTOCOL_VERSION, SDK_MIN_VERSION_FOR_V3, SDK_VERSION } from './version';
