import { randomUUID } from 'node:crypto';
import type { UsageEvent } from '../entities';
import { MAX_ESTIMATED_TOKENS } from './gate-request-rules';

/** The fields the protocol names; anything else an event carries is kept as metadata. */
const KNOWN_FIELDS = new Set([
  'event_id', 'type', 'workflow_id', 'trace_id', 'span_id', 'tokens', 'input_tokens', 'output_tokens',
  'model', 'latency_ms', 'tool_name', 'duration_ms', 'is_retry',
]);
const MAX_METADATA_CHARS = 8_192;

export type UsageEventRow = Omit<UsageEvent, 'costMicrocents' | 'organisationId' | 'workflowId' | 'receivedAt'> & { workflowRef: string | null };

export type ParsedEvent = { ok: true; row: UsageEventRow } | { ok: false; eventId: string | null; reason: string };

/**
 * Reads one event of a batch. A bad event is rejected on its own (with the reason) and the rest
 * of the batch still counts, as the protocol asks.
 */
export function parseUsageEvent(raw: unknown): ParsedEvent {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, eventId: null, reason: 'an event must be an object' };
  const event = raw as Record<string, unknown>;
  const eventId = typeof event.event_id === 'string' ? event.event_id : null;
  const reject = (reason: string): ParsedEvent => ({ ok: false, eventId, reason });
  if (!eventId || eventId.length > 128) return reject('event_id must be a string of 1 to 128 characters');
  const type = event.type;
  if (typeof type !== 'string' || type === '' || type.length > 64) return reject('type must be a string of 1 to 64 characters');

  const text = (field: string, max: number): string | null | Error => {
    const value = event[field];
    if (value === undefined || value === null) return null;
    return typeof value === 'string' && value.length <= max ? value : new Error(`${field} must be a string of at most ${max} characters`);
  };
  const count = (field: string, max = MAX_ESTIMATED_TOKENS): number | null | Error => {
    const value = event[field];
    if (value === undefined || value === null) return null;
    return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= max ? (value as number) : new Error(`${field} must be a whole number from 0 to ${max}`);
  };
  const fields = {
    workflowRef: text('workflow_id', 128),
    traceId: text('trace_id', 128),
    spanId: text('span_id', 128),
    toolName: text('tool_name', 200),
    model: text('model', 128),
    tokens: count('tokens'),
    inputTokens: count('input_tokens'),
    outputTokens: count('output_tokens'),
    latencyMs: count('latency_ms', 86_400_000),
    durationMs: count('duration_ms', 86_400_000),
  };
  const invalid = Object.values(fields).find((value): value is Error => value instanceof Error);
  if (invalid) return reject(invalid.message);
  if (event.is_retry !== undefined && event.is_retry !== null && typeof event.is_retry !== 'boolean') return reject('is_retry must be true or false');
  const metadata = Object.fromEntries(Object.entries(event).filter(([field]) => !KNOWN_FIELDS.has(field)));
  const hasMetadata = Object.keys(metadata).length > 0;
  if (hasMetadata && JSON.stringify(metadata).length > MAX_METADATA_CHARS) return reject(`extra fields must total at most ${MAX_METADATA_CHARS} characters of JSON`);

  const values = fields as Record<keyof typeof fields, string | number | null>;
  const inputTokens = (values.inputTokens as number | null) ?? (values.tokens as number | null) ?? 0;
  const outputTokens = (values.outputTokens as number | null) ?? 0;
  return {
    ok: true,
    row: {
      id: randomUUID(),
      eventId,
      type,
      workflowRef: values.workflowRef as string | null,
      traceId: values.traceId as string | null,
      spanId: values.spanId as string | null,
      toolName: values.toolName as string | null,
      model: values.model as string | null,
      tokens: (values.tokens as number | null) ?? inputTokens + outputTokens,
      inputTokens,
      outputTokens,
      latencyMs: values.latencyMs as number | null,
      durationMs: values.durationMs as number | null,
      isRetry: event.is_retry === true,
      metadata: hasMetadata ? metadata : null,
    },
  };
}
