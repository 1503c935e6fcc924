/**
 * Exports the agent's spans over OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, as an
 * application would: the SDK only speaks `@opentelemetry/api`, the application picks the
 * tracer provider. Its `invoke_agent`, `execute_tool` and `chat` spans (GenAI conventions) and
 * the guard's own then form one trace in any viewer fed by the endpoint. Imported first.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

let provider: TracerProvider | undefined;

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME ?? 'example-agent' }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
}

/** Sends the spans still held before the process ends. */
export async function flushTraces(): Promise<void> {
  await provider?.shutdown();
}
