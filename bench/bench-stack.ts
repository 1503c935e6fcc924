import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUBGRAPH_NAMES } from '../lib/config';
import { createScratchPostgres } from '../lib/db';
import { freePort } from '../lib/net';
import { launchStack, type LaunchedStack } from '../stack/launch-stack';

export interface BenchStack extends LaunchedStack {
  database: string;
  /** The environment the stack runs with (its data directory, its database URL). */
  env: NodeJS.ProcessEnv;
}

/**
 * A whole stack on free ports with its own data: PostgreSQL (a scratch database) when
 * `BENCH_DATABASE_URL` is set, else the embedded SQLite; Redis pubsub when `REDIS_URL` is set.
 * Logs only warnings, so the numbers measure the work rather than the log lines.
 */
export async function launchBenchStack(): Promise<BenchStack> {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'switchyard-bench-')),
    SHIM_PORT: String(await freePort()),
    GATEWAY_PORT: String(await freePort()),
    WEB_PORT: String(await freePort()),
    USE_EMBEDDED_DB: 'true',
    REDIS_NAMESPACE: `switchyard-bench-${process.pid}`,
    // The store API's bucket (40, 2 a second) would measure the bucket, not the route.
    STORE_RATE_LIMIT_CAPACITY: '1000000',
    STORE_RATE_LIMIT_LEAK_PER_SECOND: '1000000',
  };
  for (const name of SUBGRAPH_NAMES) env[`${name.toUpperCase()}_PORT`] = String(await freePort());
  let drop: (() => Promise<void>) | undefined;
  let database = 'SQLite (embedded)';
  if (process.env.BENCH_DATABASE_URL) {
    const scratch = await createScratchPostgres(process.env.BENCH_DATABASE_URL, 'switchyard_bench');
    Object.assign(env, { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url });
    drop = scratch.drop;
    database = 'PostgreSQL';
  }
  const stack = await launchStack({ env, stdio: 'inherit' });
  return {
    ...stack,
    env,
    database: `${database}, pubsub ${process.env.REDIS_URL ? 'Redis' : 'in memory'}`,
    async stop() {
      await stack.stop();
      await drop?.();
    },
  };
}
