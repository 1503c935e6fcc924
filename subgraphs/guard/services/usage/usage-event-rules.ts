import { newTimeOrderedId } from '../../../../lib/db';
import { badInput } from '../../../../lib/errors';
import { checkOptionalCount, checkOptionalText, checkRequiredText } from '../../../../lib/validation';
import type { UsageEvent } from '../../entities';
import { MAX_ESTIMATED_TOKENS } from '../shared/token-limits';

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
  // In this order, so an event wrong in several ways is refused for the same field as always.
  const workflowRef = checkOptionalText(event.workflowId, 'workflowId', 128);
  const traceId = checkOptionalText(event.traceId, 'traceId', 128);
  const spanId = checkOptionalText(event.spanId, 'spanId', 128);
  const toolName = checkOptionalText(event.toolName, 'toolName', 200);
  const model = checkOptionalText(event.model, 'model', 128);
  const tokens = checkOptionalCount(event.tokens, 'tokens', MAX_ESTIMATED_TOKENS);
  const inputTokens = checkOptionalCount(event.inputTokens, 'inputTokens', MAX_ESTIMATED_TOKENS) ?? tokens ?? 0;
  const outputTokens = checkOptionalCount(event.outputTokens, 'outputTokens', MAX_ESTIMATED_TOKENS) ?? 0;
  return {
    id: newTimeOrderedId(),
    eventId,
    type,
    workflowRef,
    traceId,
    spanId,
    toolName,
    model,
    tokens: tokens ?? inputTokens + outputTokens,
    inputTokens,
    outputTokens,
    latencyMs: checkOptionalCount(event.latencyMs, 'latencyMs', MAX_MILLISECONDS),
    durationMs: checkOptionalCount(event.durationMs, 'durationMs', MAX_MILLISECONDS),
    isRetry: event.isRetry === true,
    metadata: checkMetadata(event.metadata),
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
