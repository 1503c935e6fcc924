import { SDK_VERSION } from '../version';

/**
 * OpenTelemetry spans in the GenAI semantic conventions, when the application has
 * `@opentelemetry/api` (an optional peer dependency) and registered a tracer provider: the
 * SDK never brings tracing of its own, and without the API every helper here just runs its work.
 * Only the few members used are typed here, so the SDK's types do not depend on the API's.
 */
type Attributes = Record<string, string | number | boolean | undefined>;

interface OtelSpan {
  setAttributes(attributes: Attributes): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(endTime?: number): void;
  isRecording(): boolean;
}

interface OtelApi {
  trace: {
    getTracer(name: string, version?: string): {
      startActiveSpan<T>(name: string, options: { kind?: number; attributes?: Attributes }, fn: (span: OtelSpan) => T): T;
      startSpan(name: string, options: { kind?: number; attributes?: Attributes; startTime?: number }): OtelSpan;
    };
  };
  context: { active(): unknown };
  propagation: { inject(context: unknown, carrier: Record<string, string>): void };
}

const SPAN_KIND_INTERNAL = 0;
const SPAN_KIND_CLIENT = 2;
const STATUS_ERROR = 2;

let api: OtelApi | null | undefined;

function otel(): OtelApi | null {
  if (api !== undefined) return api;
  try {
    api = require('@opentelemetry/api') as OtelApi;
  } catch {
    api = null;
  }
  return api;
}

function tracer() {
  return otel()?.trace.getTracer('@switchyard/sdk', SDK_VERSION);
}

/** Runs `fn` in an active span (synchronous or not), ended when its result settles; the span sees `fn`'s error. */
export function inSpan<T>(name: string, attributes: Attributes, fn: (span: OtelSpan | null) => T): T {
  const active = tracer();
  if (!active) return fn(null);
  return active.startActiveSpan(name, { kind: SPAN_KIND_INTERNAL, attributes }, (span) => {
    let result: T;
    try {
      result = fn(span);
    } catch (error) {
      fail(span, error);
      span.end();
      throw error;
    }
    if (!(result instanceof Promise)) {
      span.end();
      return result;
    }
    return result.then(
      (value: unknown) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        fail(span, error);
        span.end();
        throw error;
      },
    ) as T;
  });
}

/** A model call that already happened (its usage reported): a `chat` span over its latency. */
export function recordChatSpan(fields: { model: string; inputTokens: number; outputTokens: number; latencyMs: number | null; workflowId: string | null; agent: string | null }): void {
  const active = tracer();
  if (!active) return;
  const end = Date.now();
  const span = active.startSpan(`chat ${fields.model}`, {
    kind: SPAN_KIND_CLIENT,
    startTime: end - (fields.latencyMs ?? 0),
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': fields.model,
      'gen_ai.usage.input_tokens': fields.inputTokens,
      'gen_ai.usage.output_tokens': fields.outputTokens,
      'gen_ai.agent.name': fields.agent ?? undefined,
      'switchyard.workflow.id': fields.workflowId ?? undefined,
    },
  });
  span.end(end);
}

/** Writes the active span's context (`traceparent`) into outgoing headers, so the guard's spans join the caller's trace. */
export function injectTraceContext(headers: Record<string, string>): void {
  const found = otel();
  found?.propagation.inject(found.context.active(), headers);
}

/** The guard's refusal on the span: its SDK error code and reason. */
export function fail(span: OtelSpan | null, error: unknown): void {
  if (!span) return;
  const coded = error as { errorCode?: string; reason?: string | null; message?: string };
  span.setAttributes({ 'error.type': coded.errorCode ?? (error as Error)?.name ?? 'Error', 'switchyard.guard.reason': coded.reason ?? undefined });
  span.setStatus({ code: STATUS_ERROR, message: coded.message });
}
