import type { EnvReader } from './env-reader';

export interface TracingConfig {
  /**
   * The OTLP/HTTP base URL spans go to, at `<it>/v1/traces` (`OTEL_EXPORTER_OTLP_ENDPOINT`); or
   * the full traces URL instead (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`). Unset: tracing is off and
   * its SDK is never loaded; the SDK reads its other `OTEL_*` variables itself.
   */
  endpoint?: string;
}

/**
 * The standard variables that switch tracing on, and off again even with an endpoint set
 * (`OTEL_SDK_DISABLED`). @default false
 */
export function readTracingConfig(read: EnvReader): TracingConfig {
  if (read.boolean('OTEL_SDK_DISABLED', false)) return {};
  return { endpoint: read.url('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? read.url('OTEL_EXPORTER_OTLP_ENDPOINT') };
}
