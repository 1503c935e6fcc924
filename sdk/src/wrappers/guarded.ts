import { SvcError } from '../errors/breaker-error';
import { formatUserMessage } from '../messages/user-messages';
import { shutdown } from '../runtime/singleton';

export interface HandleOptions {
  /** Exit code of the process when an SvcError escapes. @default 1 */
  exitCode?: number;
}

/**
 * Wraps `fn` for the top of a program: an SvcError escaping it is printed as its user message
 * on stderr and the process exits with code 1 (after delivering buffered events, when `fn` is
 * async). Any other error, WorkflowKilledInterrupt included, propagates unchanged.
 */
export function guarded<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  if (typeof fn !== 'function') throw new TypeError('guarded: expected a function');
  const wrapped = function (this: unknown, ...args: A): R {
    return runHandled(() => fn.apply(this, args), 1);
  };
  Object.defineProperty(wrapped, 'name', { value: fn.name });
  return wrapped;
}

/** Runs `region` with the rule of `guarded`, exiting with `exitCode` on an SvcError. Returns what it returns. */
export function handle<R>(region: () => R, options: HandleOptions = {}): R {
  return runHandled(region, options.exitCode ?? 1);
}

function runHandled<R>(region: () => R, exitCode: number): R {
  let result: R;
  try {
    result = region();
  } catch (error) {
    if (error instanceof SvcError) exitNow(error, exitCode);
    throw error;
  }
  if (result instanceof Promise) {
    return result.catch(async (error: unknown) => {
      if (!(error instanceof SvcError)) throw error;
      process.stderr.write(`${formatUserMessage(error)}\n`);
      await shutdown();
      return process.exit(exitCode);
    }) as R;
  }
  return result;
}

function exitNow(error: SvcError, exitCode: number): never {
  process.stderr.write(`${formatUserMessage(error)}\n`);
  return process.exit(exitCode);
}
