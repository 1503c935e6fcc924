import type { LaunchedStack } from '../../lib/stack-launch/launch-stack';

/**
 * Stops `stack`, then fails if one of its parts exited on its own while it ran, naming each such
 * exit with what the part last wrote to its standard error. A part that crashes mid-spec otherwise
 * shows only as the calls after it failing with "other side closed" or a refused connection.
 */
export async function stopAndReportCrashes(stack: LaunchedStack): Promise<void> {
  await stack.stop();
  const crashes = stack.crashes();
  if (crashes.length === 0) return;
  const told = crashes.map((exit) => `${exit.name} exited on its own after ${exit.ranMs} ms (code ${exit.code}, signal ${exit.signal})${exit.stderrTail.trim() ? `:\n${exit.stderrTail.trim()}` : ''}`);
  throw new Error(`A stack part crashed while the specs ran:\n${told.join('\n\n')}`);
}
