import { SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import { genAiSpend, genAiTokens, LabelBudget } from '../../../../lib/metrics';
import { toCents } from './workflow-snapshot';

/**
 * The guard's spans and metrics in the OpenTelemetry GenAI semantic conventions (`gen_ai.*`),
 * beside the guard's own (`switchyard.*`): a trace viewer shows an agent's run with the guard's
 * decisions in it. Spans go through `@opentelemetry/api`: without an OTLP endpoint no tracer is
 * registered and every span is the API's no-op.
 */
const tracer = trace.getTracer('switchyard-guard');

/** Workflow ids come from the database, model names from callers: both kept to a budget (`docs/decisions/gen-ai-telemetry.md`). */
const workflowLabels = new LabelBudget(200, /^wf-[0-9a-f-]{36}$/);
const modelLabels = new LabelBudget(50, /^[\w.:/@-]{1,100}$/);

export const GenAi = {
  operation: 'gen_ai.operation.name',
  model: 'gen_ai.request.model',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  tool: 'gen_ai.tool.name',
  agent: 'gen_ai.agent.name',
  workflowId: 'switchyard.workflow.id',
  workflowName: 'switchyard.workflow.name',
  decision: 'switchyard.guard.decision',
  explanation: 'switchyard.guard.explanation',
  costCents: 'switchyard.guard.cost_cents',
} as const;

/** Runs `work` in a span of the guard (`guard.gate`, `guard.track`), ended with its outcome. */
export async function inGuardSpan<T>(name: string, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Adds attributes to the guard span in progress, when one records. */
export function describeSpan(attributes: Attributes): void {
  const span = trace.getActiveSpan();
  if (span?.isRecording()) span.setAttributes(attributes);
}

/** One model call's usage: the Prometheus counters by workflow and model, and the span in progress. */
export function recordGenAiUsage(workflowId: string | null, model: string | null | undefined, inputTokens: number, outputTokens: number, costMicrocents: number): void {
  const labels = { workflow: workflowLabels.labelOf(workflowId), model: modelLabels.labelOf(model) };
  if (inputTokens > 0) genAiTokens.inc({ ...labels, type: 'input' }, inputTokens);
  if (outputTokens > 0) genAiTokens.inc({ ...labels, type: 'output' }, outputTokens);
  if (costMicrocents > 0) genAiSpend.inc(labels, toCents(costMicrocents));
}
