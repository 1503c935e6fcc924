import { rmSync } from 'node:fs';
import type { RunningTargets } from './global-setup';
import { stopAndReportCrashes } from './stack-crashes';
import { RUN_DATA_VARIABLE } from './stack-env';

export default async function globalTeardown(): Promise<void> {
  const running = (globalThis as { switchyardTargets?: RunningTargets }).switchyardTargets;
  if (!running) return;
  // Every stack stops and is cleaned up before a crash of a shared stack's part fails the run.
  const stopped = await Promise.allSettled(running.stacks.map((stack) => stopAndReportCrashes(stack)));
  for (const cleanup of running.cleanups.reverse()) await cleanup();
  // Every stack's data, the run's own and the specs' (stopped in their afterAll by now).
  const runData = process.env[RUN_DATA_VARIABLE];
  if (runData) rmSync(runData, { recursive: true, force: true });
  const crashed = stopped.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (crashed) throw crashed.reason;
}
