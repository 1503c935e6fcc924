import { rmSync } from 'node:fs';
import type { RunningTargets } from './global-setup';
import { RUN_DATA_VARIABLE } from './stack-env';

export default async function globalTeardown(): Promise<void> {
  const running = (globalThis as { switchyardTargets?: RunningTargets }).switchyardTargets;
  if (!running) return;
  await Promise.all(running.stacks.map((stack) => stack.stop()));
  for (const cleanup of running.cleanups.reverse()) await cleanup();
  // Every stack's data, the run's own and the specs' (stopped in their afterAll by now).
  const runData = process.env[RUN_DATA_VARIABLE];
  if (runData) rmSync(runData, { recursive: true, force: true });
}
