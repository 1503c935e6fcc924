import { runInScope } from '../context/call-scope';
import { isProtected, protect, PROTECTED, type ProtectedFunction } from './protect';

/**
 * Marks `fn` as a sensitive tool: before its body runs, the guard decides about this very tool
 * call through `/execute`, and when that check cannot be made (gateway unreachable, timeout,
 * breaker open) the call fails closed with SvcTransportError. Place it outside `protect`
 * (`sensitive(protect(fn))`); given an unprotected function it protects it too.
 */
export function sensitive<A extends unknown[], R>(fn: (...args: A) => R): ProtectedFunction<A, R> {
  if (typeof fn !== 'function') throw new TypeError('sensitive: expected a function');
  const inner = (isProtected(fn) ? fn : protect(fn)) as ProtectedFunction<A, R>;
  const toolName = fn.name || 'anonymous';
  const checked = function (this: unknown, ...args: A): Promise<Awaited<R>> {
    return runInScope({ sensitive: { toolName, input: args } }, () => inner.apply(this, args));
  };
  Object.defineProperty(checked, 'name', { value: toolName });
  Object.defineProperty(checked, PROTECTED, { value: true });
  return checked as ProtectedFunction<A, R>;
}
