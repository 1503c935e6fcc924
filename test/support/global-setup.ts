import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LaunchedStack } from '../../lib/stack-launch/launch-stack';
import { BILLING_ADMIN_ID } from './billing-admin';
import { startFakeCodehost } from './fake-codehost';
import { fromDist } from './from-dist';
import { RUN_DATA_VARIABLE, stackEnv } from './stack-env';
import { STARTUP_PATIENCE_MS } from './own-stack';
import { TARGETS_VARIABLE, type StackTarget } from './targets';

/** Shared with global-teardown, which runs in the same process. */
export interface RunningTargets {
  stacks: LaunchedStack[];
  cleanups: Array<() => Promise<unknown>>;
}

// The store API's bucket (40, draining 2 a second) would throttle the suites, and so would login throttling
// (every suite logs in from the loopback, some with wrong passwords on purpose); their own specs start stacks of the real size.
// Webhooks go to receivers on the loopback, on a retry schedule whose minute is 100 ms (SSRF refusals have their own stack).
// Billing is run by an accounts user of a known id (test/support/billing.ts makes the account).
const STACK_ENV = {
  FEED_ADMIN_EMAILS: 'admin@feed.test',
  STORE_RATE_LIMIT_CAPACITY: '100000',
  LOGIN_FREE_FAILURES: '100000',
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '100000',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
  STORE_WEBHOOK_ALLOW_PRIVATE: 'true',
  STORE_WEBHOOK_RETRY_UNIT_MS: '100',
  STORE_WEBHOOK_POLL_MS: '200',
  STORE_BILLING_ADMINS: BILLING_ADMIN_ID,
};

export default async function globalSetup(): Promise<void> {
  const { launchStack } = fromDist<typeof import('../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
  const { createScratchPostgres } = fromDist<typeof import('../../lib/db')>('lib/db');
  const running: RunningTargets = { stacks: [], cleanups: [] };
  (globalThis as { switchyardTargets?: RunningTargets }).switchyardTargets = running;
  // Before any stack: the workers, started after this, inherit it (see RUN_DATA_VARIABLE).
  process.env[RUN_DATA_VARIABLE] = mkdtempSync(join(tmpdir(), 'switchyard-run-'));
  const codehost = await startFakeCodehost();
  running.cleanups.push(() => new Promise((resolve) => codehost.server.close(resolve)));

  const dialects: Array<{ dialect: StackTarget['dialect']; env: NodeJS.ProcessEnv }> = [
    { dialect: 'sqlite', env: { USE_EMBEDDED_DB: 'true' } },
  ];
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL, 'switchyard_e2e');
    running.cleanups.push(scratch.drop);
    dialects.push({ dialect: 'postgresql', env: { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url } });
  }

  // Settle every launch before failing: a stack still starting when another fails would
  // otherwise be left running after jest exits.
  const launched = await Promise.allSettled(
    dialects.map(async ({ dialect, env: dialectEnv }) => {
      const env = await stackEnv({ ...STACK_ENV, ...dialectEnv, CODEHOST_API_URL: codehost.url });
      const stack = await launchStack({ env, stdio: process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore', readyTimeoutMs: STARTUP_PATIENCE_MS });
      running.stacks.push(stack);
      return { dialect, shimUrl: stack.shimUrl, gatewayUrl: stack.gatewayUrl, webUrl: stack.webUrl, codehostUrl: codehost.url, env } as StackTarget;
    }),
  );
  const failed = launched.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await Promise.all(running.stacks.map((stack) => stack.stop()));
    for (const cleanup of running.cleanups.reverse()) await cleanup();
    throw failed.reason;
  }
  const targets = launched.map((result) => (result as PromiseFulfilledResult<StackTarget>).value);
  process.env[TARGETS_VARIABLE] = JSON.stringify(targets);
}
