import { createScratchPostgres } from '../lib/db';
import { launchStack, type LaunchedStack } from '../stack/launch-stack';
import { stackEnv } from '../test/support/stack-env';

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
export async function launchBenchStack(overrides: NodeJS.ProcessEnv = {}): Promise<BenchStack> {
  // the tests' stack environment (free ports, its own data directory and Redis namespace), in production mode;
  // the store API's bucket (40, 2 a second) opened wide, or it would measure the bucket, not the routes
  const env = await stackEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    STORE_RATE_LIMIT_CAPACITY: '1000000',
    STORE_RATE_LIMIT_LEAK_PER_SECOND: '1000000',
    ...overrides,
  });
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
