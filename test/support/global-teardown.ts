import type { RunningTargets } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const running = (globalThis as { switchyardTargets?: RunningTargets }).switchyardTargets;
  if (!running) return;
  await Promise.all(running.stacks.map((stack) => stack.stop()));
  for (const cleanup of running.cleanups.reverse()) await cleanup();
}
