import type { Logger } from '../../logging';
import { flushTraces } from '../../tracing/trace-flush';

/**
 * Runs the given steps, in order, once, on SIGTERM or SIGINT, then exits. A second signal
 * while stopping exits at once. A process started by the stack's launcher (with an IPC channel)
 * also stops when that channel ends, or has ended before this was called: the launcher is gone
 * and will not stop it.
 */
export function onShutdown(logger: Logger, steps: Array<() => Promise<unknown> | unknown>): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals | 'disconnect') => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        logger.error({ err: error }, 'error while shutting down');
      }
    }
    await flushTraces().catch((error: unknown) => logger.warn({ err: error }, 'could not send the last traces'));
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // A process without the channel (started by hand, or by a supervisor of its own) has no `send`.
  if (!process.send) return;
  if (process.connected) {
    process.once('disconnect', () => {
      if (!stopping) void stop('disconnect');
    });
  } else {
    // The launcher was gone before this process had started (killed while its parts started up):
    // the channel's end came before anyone listened for it.
    void stop('disconnect');
  }
}
