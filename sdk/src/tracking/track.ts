import { requireRuntime } from '../runtime/singleton';
import { EVENT_TYPES, type GuardEvent } from './guard-event';

/**
 * What the backend last said about the workflow an event was recorded for. Events are
 * delivered in batches, so this is the decision known when the event was buffered: the
 * workflow's control state from the push channel, the poller and earlier batch answers.
 */
export interface TrackDecision {
  readonly eventId: string;
  readonly workflowId: string | null;
  /** `kill` and `pause` mean the next protected call will be refused. */
  readonly action: 'allow' | 'pause' | 'kill';
  readonly reason: string | null;
  /** Events waiting for delivery, this one included. */
  readonly bufferedEvents: number;
}

export interface TrackLlmOptions {
  model?: string;
  latencyMs?: number;
  metadata?: Record<string, unknown>;
}

export interface TrackToolOptions {
  isRetry?: boolean;
  metadata?: Record<string, unknown>;
}

/**
 * Records one LLM call the automatic instrumentation cannot see (a client that does not use
 * global fetch, a local model). Call it once per real call.
 */
export function trackLlm(inputTokens: number, outputTokens = 0, options: TrackLlmOptions = {}): TrackDecision {
  count('inputTokens', inputTokens);
  count('outputTokens', outputTokens);
  if (options.latencyMs !== undefined) count('latencyMs', options.latencyMs);
  return track(EVENT_TYPES.llmCall, {
    ...plain(options.metadata),
    tokens: inputTokens + outputTokens,
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    model: options.model ?? 'unknown',
    latency_ms: options.latencyMs ?? null,
  });
}

/**
 * Records one tool call. `toolName` reaches the policy engine: a call matching the workflow's
 * tool block list (such as `send_*`) is refused by the gateway, and the workflow's next
 * protected calls feel it.
 */
export function trackTool(toolName: string, durationMs?: number, options: TrackToolOptions = {}): TrackDecision {
  if (typeof toolName !== 'string' || toolName === '') throw new TypeError('trackTool: toolName must be a non-empty string');
  if (durationMs !== undefined) count('durationMs', durationMs);
  return track(EVENT_TYPES.toolCall, {
    ...plain(options.metadata),
    tool_name: toolName,
    duration_ms: durationMs ?? null,
    is_retry: options.isRetry ?? false,
  });
}

/** Records a custom event; `payload`'s fields travel with it. */
export function trackEvent(eventType: string, payload: Record<string, unknown> = {}): TrackDecision {
  if (typeof eventType !== 'string' || eventType === '') throw new TypeError('trackEvent: eventType must be a non-empty string');
  return track(eventType, plain(payload));
}

function track(type: string, fields: Record<string, unknown>): TrackDecision {
  const runtime = requireRuntime(`recording a ${type} event`);
  const event: GuardEvent = runtime.record(type, fields);
  const known = event.workflow_id ? runtime.control.get(event.workflow_id) : undefined;
  const action = known?.state === 'Killed' ? 'kill' : known?.state === 'Paused' ? 'pause' : 'allow';
  return Object.freeze({
    eventId: event.event_id,
    workflowId: event.workflow_id,
    action,
    reason: known && action !== 'allow' ? known.reason : null,
    bufferedEvents: runtime.bufferedEvents,
  });
}

function count(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new TypeError(`${name} must be a non-negative number`);
  }
}

function plain(record: Record<string, unknown> | undefined): Record<string, unknown> {
  if (record === undefined) return {};
  if (record === null || typeof record !== 'object' || Array.isArray(record)) throw new TypeError('metadata must be a plain object');
  return { ...record };
}
