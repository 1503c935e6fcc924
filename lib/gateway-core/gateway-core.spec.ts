import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dist = join(__dirname, '..', '..', 'dist');

/** What @apollo/gateway loads only for its own telemetry and its default fetchers (patches/README.md). */
const UNUSED_BY_US = [
  '@opentelemetry/sdk-metrics',
  '@opentelemetry/exporter-metrics-otlp-http',
  '@opentelemetry/resource-detector-aws',
  '@opentelemetry/semantic-conventions',
  'make-fetch-happen',
  'node-fetch',
];

/**
 * A fresh process makes a gateway core (as the gateway and the shim do) with `env`, and tells
 * which of those packages it loaded and what the gateway was told about Apollo's telemetry.
 */
function coreStartedWith(env: NodeJS.ProcessEnv): { loaded: string[]; telemetryDisabled: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-gateway-core-'));
  const script = `
    const { loadConfig } = require(${JSON.stringify(join(dist, 'lib/config'))});
    const { createLogger } = require(${JSON.stringify(join(dist, 'lib/logging'))});
    const { createGatewayCore } = require(${JSON.stringify(join(dist, 'lib/gateway-core/gateway-core.js'))});
    createGatewayCore(loadConfig(process.env), createLogger('spec', 'silent'));
    const unused = ${JSON.stringify(UNUSED_BY_US)};
    const loaded = unused.filter((name) => Object.keys(require.cache).some((path) => path.includes('/node_modules/' + name + '/')));
    console.log(JSON.stringify({ loaded, telemetryDisabled: process.env.APOLLO_TELEMETRY_DISABLED }));
    process.exit(0);
  `;
  const { APOLLO_TELEMETRY_DISABLED: _inherited, ...rest } = process.env;
  try {
    return JSON.parse(execFileSync(process.execPath, ['-e', script], { env: { ...rest, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8' }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('the gateway core', () => {
  it("loads none of @apollo/gateway's telemetry and fetch packages, with Apollo's telemetry off", () => {
    expect(coreStartedWith({})).toEqual({ loaded: [], telemetryDisabled: 'true' });
  });

  it('still starts Apollo telemetry when asked to (the patched, deferred loads work)', () => {
    const started = coreStartedWith({ APOLLO_TELEMETRY_DISABLED: 'false' });
    expect(started.telemetryDisabled).toBe('false');
    expect(started.loaded).toEqual(expect.arrayContaining(['@opentelemetry/sdk-metrics', '@opentelemetry/exporter-metrics-otlp-http', '@opentelemetry/resource-detector-aws']));
    expect(started.loaded).not.toContain('make-fetch-happen');
  });
});
