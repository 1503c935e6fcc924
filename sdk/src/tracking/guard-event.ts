/**
 * One usage event as `/track/batch` takes it. `event_id` is the idempotency key: a resent
 * event is accepted once. Fields beyond the common ones are kept by the gateway as metadata.
 */
export interface GuardEvent {
  readonly event_id: string;
  readonly type: string;
  readonly workflow_id: string | null;
  readonly trace_id: string;
  readonly span_id: string | null;
  readonly tokens: number;
  readonly timestamp: string;
  readonly [field: string]: unknown;
}

/** The fixed event types; `trackEvent` may use any other string. */
export const EVENT_TYPES = {
  llmCall: 'llm_call',
  toolCall: 'tool_call',
  spanStart: 'span_start',
  spanEnd: 'span_end',
} as const;
