import type { GuardEvent } from '../tracking/guard-event';

/** An `llm_call` event's fields as a `chat` span takes them. */
export function chatOf(event: GuardEvent): { model: string; inputTokens: number; outputTokens: number; latencyMs: number | null; workflowId: string | null; agent: string | null } {
  const numberAt = (key: string) => (typeof event[key] === 'number' ? (event[key] as number) : null);
  return {
    model: typeof event.model === 'string' ? event.model : 'unknown',
    inputTokens: numberAt('input_tokens') ?? 0,
    outputTokens: numberAt('output_tokens') ?? 0,
    latencyMs: numberAt('latency_ms'),
    workflowId: event.workflow_id ?? null,
    agent: typeof event.agent === 'string' ? event.agent : null,
  };
}
