import type { EnvReader } from './env-reader';

export interface TracingConfig {
  /**
   * Where spans go over OTLP/HTTP (`OTEL_EXPORTER_OTLP_ENDPOINT`, or the traces-only
   * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`). Unset: tracing is off and its SDK is never loaded.
   */
  endpoint?: string;
}

/** The standard OTEL_* variables that switch tracing on; the SDK reads the rest (headers, batching) itself. */
export function readTracingConfig(read: EnvReader): TracingConfig {
  if (read.boolean('OTEL_SDK_DISABLED', false)) return {};
  return { endpoint: read.url('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? read.url('OTEL_EXPORTER_OTLP_ENDPOINT') };
}
