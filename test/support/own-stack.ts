import type { LaunchedStack, LaunchOptions } from '../../lib/stack-launch/launch-stack';
import { fromDist } from './from-dist';
import { freePort } from './free-port';
import { stackEnv } from './stack-env';
import { stopAndReportCrashes } from './stack-crashes';
import type { StackTarget } from './targets';

export interface OwnStack extends LaunchedStack {
  target: StackTarget;
}

/** How long a test stack's part may take to become ready: a first start migrates, and CI machines are busy. */
export const STARTUP_PATIENCE_MS = 120_000;

/**
 * A stack of a test's own, on SQLite and free ports, for settings the shared stacks do not have.
 * The caller stops it (afterAll); the stop fails if a part crashed meanwhile.
 */
export async function launchOwnStack(overrides: NodeJS.ProcessEnv, options: Pick<LaunchOptions, 'only' | 'waitFor'> = {}): Promise<OwnStack> {
  const { launchStack } = fromDist<typeof import('../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
  const env = await stackEnv(overrides);
  const stack = await launchStack({ env, stdio: process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore', readyTimeoutMs: STARTUP_PATIENCE_MS, ...options });
  const target: StackTarget = { dialect: 'sqlite', shimUrl: stack.shimUrl, gatewayUrl: stack.gatewayUrl, webUrl: stack.webUrl, codehostUrl: '', env: env as Record<string, string> };
  return { ...stack, target, stop: () => stopAndReportCrashes(stack) };
}

/**
 * The database of a stack of a test's own: a scratch PostgreSQL database named `name` when
 * TEST_DATABASE_URL is set (the caller drops it after stopping the stack), else the stack's SQLite.
 */
export async function ownStackDatabase(name: string): Promise<{ env: NodeJS.ProcessEnv; drop: () => Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) return { env: {}, drop: async () => undefined };
  const { createScratchPostgres } = fromDist<typeof import('../../lib/db')>('lib/db');
  const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL, name);
  return { env: { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url }, drop: scratch.drop };
}

/**
 * One more shim beside a running stack (its gateway, its subgraphs, its data), on ports of its
 * own and with `overrides` (another `SHIM_GATEWAY`, say). The caller stops it.
 */
export async function launchShimBeside(stack: OwnStack, overrides: NodeJS.ProcessEnv): Promise<OwnStack> {
  return launchOwnStack({ ...stack.target.env, SHIM_PORT: String(await freePort()), SHIM_METRICS_PORT: String(await freePort()), ...overrides }, { only: ['rest-shim'] });
}

/**
 * One more gateway beside a running stack (its subgraphs, its data directory and internal token),
 * on ports of its own and with `overrides` (another `GATEWAY_*` setting, say). The caller stops it.
 */
export async function launchGatewayBeside(target: StackTarget, overrides: NodeJS.ProcessEnv): Promise<OwnStack> {
  // The module stack-env takes its ports from: one counter of the worker's band, so the two never hand out the same port.
  return launchOwnStack({ ...target.env, GATEWAY_PORT: String(await freePort()), GATEWAY_METRICS_PORT: String(await freePort()), ...overrides }, { only: ['gateway'] });
}
