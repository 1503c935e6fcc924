import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { metricsPortVariable, SUBGRAPH_NAMES, subgraphVariables, type ProcessName } from '../../lib/config';
import { freePort } from './free-port';

/** Every process that serves metrics, each given a free metrics port of its own. */
export const METERED_PROCESSES: ProcessName[] = ['rest-shim', 'gateway', 'web', ...SUBGRAPH_NAMES];

/**
 * Where a test run keeps its stacks' data directories: made by the global setup and removed with
 * everything in it by the global teardown, so no run leaves its stacks' SQLite files behind. A
 * stack made outside a test run (the bench) makes its directory in the temporary directory and
 * removes it itself.
 */
export const RUN_DATA_VARIABLE = 'SWITCHYARD_TEST_DATA';

/** Environment for one whole stack on free ports, with its own data directory. */
export async function stackEnv(overrides: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: mkdtempSync(join(process.env[RUN_DATA_VARIABLE] ?? tmpdir(), 'switchyard-test-')),
    SHIM_PORT: String(await freePort()),
    GATEWAY_PORT: String(await freePort()),
    WEB_PORT: String(await freePort()),
    USE_EMBEDDED_DB: 'true',
    // Stacks sharing a Redis server (other test runs, other engineers) must not hear each other.
    REDIS_NAMESPACE: `switchyard-test-${randomBytes(6).toString('hex')}`,
    // The specs' fetch (undici) drops an idle connection 1 s before the server's Keep-Alive hint; at the
    // default 5 s, a worker busy for more than that second sends on a connection the server has just
    // closed ("other side closed"). Idle connections are the client's to close: the server keeps them 75 s.
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '75',
  };
  for (const name of SUBGRAPH_NAMES) env[subgraphVariables(name).port] = String(await freePort());
  for (const name of METERED_PROCESSES) env[metricsPortVariable(name)] = String(await freePort());
  return { ...env, ...overrides };
}
