import { debugLog } from '../debug-log';
import { SvcError } from '../errors/breaker-error';

/** Where the error arose: an SDK stage name (`init`, `gate`, `sensitive`, `track`, ...). */
export interface ErrorContext {
  readonly stage: string;
  readonly workflowId: string | null;
  readonly toolName: string | null;
  /** The first characters of the API key in use, enough to tell keys apart in logs. */
  readonly apiKeyPrefix: string | null;
}

export type ErrorHook = (error: SvcError, context: ErrorContext) => unknown;

const hooks: ErrorHook[] = [];
/** An error crossing several SDK layers is reported once, where it was raised. */
const reported = new WeakSet<SvcError>();

/**
 * Registers a process-wide hook called for every `SvcError` before it propagates, in
 * registration order. Returns an unregister function that may be called any number of times.
 */
export function onError(hook: ErrorHook): () => void {
  if (typeof hook !== 'function') throw new TypeError('onError: hook must be a function');
  // a wrapper per registration, so registering one function twice gives two independent entries
  const entry: ErrorHook = (error, context) => hook(error, context);
  hooks.push(entry);
  return () => {
    const at = hooks.indexOf(entry);
    if (at >= 0) hooks.splice(at, 1);
  };
}

/**
 * Runs the hooks for `error` unless it was already reported. Anything that is not an SvcError
 * (WorkflowKilledInterrupt above all) never reaches a hook. A failing hook is logged at debug
 * level and never changes what the caller sees.
 */
export function reportError(error: unknown, context: ErrorContext): void {
  if (!(error instanceof SvcError) || reported.has(error)) return;
  reported.add(error);
  for (const hook of [...hooks]) {
    try {
      const result = hook(error, Object.freeze({ ...context }));
      if (result instanceof Promise) result.catch((failure: unknown) => debugLog('error hook rejected', failure));
    } catch (failure) {
      debugLog('error hook threw', failure);
    }
  }
}

/** Reports `error` to the hooks, then throws it. */
export function raise(error: unknown, context: ErrorContext): never {
  reportError(error, context);
  throw error;
}
