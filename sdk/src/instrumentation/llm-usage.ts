import { isRecord } from '../is-record';

/** Token usage of one LLM call as the provider reported it. */
export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
  model: string | null;
  /** False when the response carried no usage at all (a stream without usage chunks). */
  reported: boolean;
}

/**
 * Collects usage from the JSON objects of one response: a whole body, or each event of a stream.
 * It understands OpenAI chat completions (`prompt_tokens`/`completion_tokens`, usage in the last
 * chunk of a stream), the OpenAI Responses API (`response.completed`) and Anthropic messages
 * (`message_start` then cumulative `message_delta` counts). Counts only grow: streams repeat them.
 */
export class UsageAccumulator {
  private readonly usage: LlmUsage = { inputTokens: 0, outputTokens: 0, model: null, reported: false };

  observe(payload: unknown): void {
    if (!isRecord(payload)) return;
    for (const holder of [payload, payload.message, payload.response]) {
      if (!isRecord(holder)) continue;
      if (this.usage.model === null && typeof holder.model === 'string' && holder.model !== '') this.usage.model = holder.model;
      if (isRecord(holder.usage)) this.take(holder.usage);
    }
  }

  result(): LlmUsage {
    return { ...this.usage };
  }

  private take(usage: Record<string, unknown>): void {
    const input = firstCount(usage.prompt_tokens, usage.input_tokens);
    const output = firstCount(usage.completion_tokens, usage.output_tokens);
    if (input === undefined && output === undefined) return;
    this.usage.reported = true;
    if (input !== undefined) this.usage.inputTokens = Math.max(this.usage.inputTokens, input);
    if (output !== undefined) this.usage.outputTokens = Math.max(this.usage.outputTokens, output);
  }
}

function firstCount(...values: unknown[]): number | undefined {
  for (const value of values) if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.round(value);
  return undefined;
}
