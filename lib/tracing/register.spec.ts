import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const dist = join(__dirname, '..', '..', 'dist');

/** Which of our tracing packages a fresh process has loaded after starting a gateway module. */
function tracingModulesLoaded(env: NodeJS.ProcessEnv): string[] {
  const script = `
    require(${JSON.stringify(join(dist, 'lib/tracing/register.js'))});
    require(${JSON.stringify(join(dist, 'gateway/gateway-server.js'))});
    const ours = ['@opentelemetry/sdk-trace/', '@opentelemetry/instrumentation', '@opentelemetry/exporter-trace-otlp-http'];
    console.log(JSON.stringify(Object.keys(require.cache).filter((path) => ours.some((name) => path.includes(name)))));
  `;
  const { OTEL_EXPORTER_OTLP_ENDPOINT: _endpoint, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: _traces, ...rest } = process.env;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { env: { ...rest, ...env }, encoding: 'utf8' }));
}

describe('tracing start-up', () => {
  it('loads nothing of the tracing SDK when no OTLP endpoint is configured', () => {
    expect(tracingModulesLoaded({})).toEqual([]);
  });

  it('loads the SDK and the instrumentations when one is', () => {
    const loaded = tracingModulesLoaded({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(loaded.some((path) => path.includes('@opentelemetry/sdk-trace/'))).toBe(true);
    expect(loaded.some((path) => path.includes('instrumentation-pg'))).toBe(true);
  });
});
