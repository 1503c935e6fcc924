import { createScratchPostgres } from '../lib/db';
import { launchStack, type LaunchedStack } from '../stack/launch-stack';
import { stackEnv } from '../test/support/stack-env';

export interface BenchStack extends LaunchedStack {
  database: string;
}

/**
 * A whole stack on free ports with its own data: PostgreSQL (a scratch database) when
 * `BENCH_DATABASE_URL` is set, else the embedded SQLite; Redis pubsub when `REDIS_URL` is set.
 * Logs only warnings, so the numbers measure the work rather than the log lines.
 */
export async function launchBenchStack(overrides: NodeJS.ProcessEnv = {}): Promise<BenchStack> {
  // the tests' stack environment (free ports, its own data directory and Redis namespace), in production mode
  const env = await stackEnv({ NODE_ENV: 'production', LOG_LEVEL: 'warn', ...overrides });
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
    database: `${database}, pubsub ${process.env.REDIS_URL ? 'Redis' : 'in memory'}`,
    async stop() {
      await stack.stop();
      await drop?.();
    },
  };
}
