import { randomUUID } from 'node:crypto';
import { badInput } from '../../../lib/errors';
import { checkOptionalCount, checkOptionalText, checkRequiredText } from '../../../lib/validation';
import type { UsageEvent } from '../entities';
import { MAX_ESTIMATED_TOKENS } from './gate-request-rules';

const MAX_METADATA_CHARS = 8_192;
const MAX_MILLISECONDS = 86_400_000;

/**
 * One event of a usage batch. `eventId` and `type` are required, yet optional here: a batch
 * is accepted or rejected event by event, so an event without them is rejected on its own.
 */
export interface UsageEventRequest {
  eventId?: string | null;
  type?: string | null;
  workflowId?: string | null;
  traceId?: string | null;
  spanId?: string | null;
  tokens?: number | null;
  inputTokens?: number | null;
  outputTokens?: number | null;
  model?: string | null;
  latencyMs?: number | null;
  toolName?: string | null;
  durationMs?: number | null;
  isRetry?: boolean | null;
  /** Whatever else the client sent with the event, kept as it came. */
  metadata?: unknown;
}

export type UsageEventRow = Omit<UsageEvent, 'costMicrocents' | 'organisationId' | 'workflowId' | 'receivedAt'> & { workflowRef: string | null };

/** The rules of one usage event; each failure names its field. Answers the row to write. */
export function checkUsageEvent(event: UsageEventRequest): UsageEventRow {
  const eventId = checkRequiredText(event.eventId, 'eventId', 128);
  const type = checkRequiredText(event.type, 'type', 64);
  const row = {
    workflowRef: checkOptionalText(event.workflowId, 'workflowId', 128),
    traceId: checkOptionalText(event.traceId, 'traceId', 128),
    spanId: checkOptionalText(event.spanId, 'spanId', 128),
    toolName: checkOptionalText(event.toolName, 'toolName', 200),
    model: checkOptionalText(event.model, 'model', 128),
    tokens: checkOptionalCount(event.tokens, 'tokens', MAX_ESTIMATED_TOKENS),
    inputTokens: checkOptionalCount(event.inputTokens, 'inputTokens', MAX_ESTIMATED_TOKENS),
    outputTokens: checkOptionalCount(event.outputTokens, 'outputTokens', MAX_ESTIMATED_TOKENS),
    latencyMs: checkOptionalCount(event.latencyMs, 'latencyMs', MAX_MILLISECONDS),
    durationMs: checkOptionalCount(event.durationMs, 'durationMs', MAX_MILLISECONDS),
  };
  const metadata = checkMetadata(event.metadata);
  const inputTokens = row.inputTokens ?? row.tokens ?? 0;
  const outputTokens = row.outputTokens ?? 0;
  return {
    ...row,
    id: randomUUID(),
    eventId,
    type,
    tokens: row.tokens ?? inputTokens + outputTokens,
    inputTokens,
    outputTokens,
    isRetry: event.isRetry === true,
    metadata,
  };
}

/** Extra fields are kept, within reason; an empty set is no metadata. */
function checkMetadata(metadata: unknown): Record<string, unknown> | null {
  if (metadata === null || metadata === undefined) return null;
  if (typeof metadata !== 'object' || Array.isArray(metadata)) throw badInput('metadata', 'metadata must be an object of extra fields');
  if (Object.keys(metadata).length === 0) return null;
  if (JSON.stringify(metadata).length > MAX_METADATA_CHARS) throw badInput('metadata', `metadata must total at most ${MAX_METADATA_CHARS} characters of JSON`);
  return metadata as Record<string, unknown>;
}
