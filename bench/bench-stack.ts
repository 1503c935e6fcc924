import { rmSync } from 'node:fs';
import { createScratchPostgres } from '../lib/db';
import { launchStack, type LaunchedStack } from '../lib/stack-launch/launch-stack';
import { stackEnv } from '../test/support/stack-env';

export interface BenchStack extends LaunchedStack {
  database: string;
  /** The environment the stack runs with (its data directory, its database URL). */
  env: NodeJS.ProcessEnv;
  /** Seconds from the launch until every part was ready. */
  startSeconds: number;
}

/** The feed admin the bench's fixtures register (brands are made by feed admins only). */
export const BENCH_FEED_ADMIN = 'bench-admin@example.com';

export interface BenchStackOptions {
  /** PostgreSQL at this server URL (a scratch database made and dropped), instead of the embedded SQLite. */
  postgresUrl?: string;
  /** The compiled tree to start (another build's `dist/`, for a comparison). @default this build's */
  distRoot?: string;
  /** Environment beyond the bench's. */
  overrides?: NodeJS.ProcessEnv;
}

/** The environment a bench stack runs with: the tests' (free ports, its own data), in production mode. */
export function benchStackEnv(overrides: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
  // Logs only warnings, so the numbers measure the work rather than the log lines; the store
  // API's bucket (40, 2 a second) opened wide, or it would measure the bucket, not the routes.
  return stackEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    FEED_ADMIN_EMAILS: BENCH_FEED_ADMIN,
    STORE_RATE_LIMIT_CAPACITY: '1000000',
    STORE_RATE_LIMIT_LEAK_PER_SECOND: '1000000',
    ...overrides,
  });
}

/**
 * A whole stack on free ports with its own data: the embedded SQLite, or PostgreSQL (a scratch
 * database) when asked; Redis pubsub when `REDIS_URL` is set. Stopping it removes its data (unless `overrides` named
 * its `DATA_DIR`).
 */
export async function launchBenchStack(options: BenchStackOptions = {}): Promise<BenchStack> {
  const env = await benchStackEnv(options.overrides);
  let drop: (() => Promise<void>) | undefined;
  let database = 'SQLite (embedded)';
  if (options.postgresUrl) {
    const scratch = await createScratchPostgres(options.postgresUrl, 'switchyard_bench');
    Object.assign(env, { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url });
    drop = scratch.drop;
    database = 'PostgreSQL';
  }
  const launched = performance.now();
  const stack = await launchStack({ env, stdio: 'inherit', distRoot: options.distRoot, readyTimeoutMs: 120_000 });
  const startSeconds = (performance.now() - launched) / 1000;
  return {
    ...stack,
    env,
    startSeconds,
    database: `${database}, pubsub ${process.env.REDIS_URL ? 'Redis' : 'in memory'}`,
    async stop() {
      await stack.stop();
      await drop?.();
      // Its SQLite files, about 1 GB after a gateway section: left behind, every run added them to the
      // temporary directory. A directory the caller named is the caller's.
      if (!options.overrides?.DATA_DIR) rmSync(env.DATA_DIR!, { recursive: true, force: true });
    },
  };
}
