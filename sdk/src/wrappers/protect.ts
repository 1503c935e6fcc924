import { currentScope, runInScope, type ProtectedCall } from '../context/call-scope';
import { reportError } from '../hooks/error-hooks';
import { requireRuntime } from '../runtime/singleton';
import { inSpan } from '../telemetry/gen-ai-spans';

/** Marks functions `protect` returned, so `sensitive` knows not to wrap them again. */
export const PROTECTED = Symbol.for('switchyard.sdk.protected');

export type ProtectedFunction<A extends unknown[], R> = ((...args: A) => Promise<Awaited<R>>) & { readonly [PROTECTED]: true };

/**
 * Wraps `fn` so that every call first passes the guard's gate: the workflow's kill and pause
 * state, its budget, the tool block list (tools from `setCallContext`), and for a `sensitive`
 * function the `/execute` pre-check. The body runs only when the gate allows it.
 *
 * While the body runs, a kill of its workflow rejects the call with WorkflowKilledInterrupt at
 * once and aborts `currentSignal()`, which the body should hand to the work it starts (fetch
 * calls to LLM hosts follow it by themselves). The wrapped function always returns a promise.
 */
export function protect<A extends unknown[], R>(fn: (...args: A) => R): ProtectedFunction<A, R> {
  if (typeof fn !== 'function') throw new TypeError('protect: expected a function');
  const toolName = fn.name || 'anonymous';

  const guardedCall = function (this: unknown, ...args: A): Promise<Awaited<R>> {
    const scope = currentScope();
    const name = scope.sensitive?.toolName ?? toolName;
    // With OpenTelemetry: an `execute_tool` span (GenAI conventions) holding the gate call, whose guard spans join it.
    const attributes = { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': name, 'gen_ai.agent.name': scope.agent ?? undefined, 'switchyard.workflow.id': scope.workflowId ?? undefined };
    return inSpan(`execute_tool ${name}`, attributes, () => run.apply(this, args));
  };

  const run = async function (this: unknown, ...args: A): Promise<Awaited<R>> {
    const runtime = requireRuntime(`calling ${toolName}`);
    const scope = currentScope();
    const sensitive = scope.sensitive;
    const name = sensitive?.toolName ?? toolName;
    await runtime.deliverPending();

    let admission;
    try {
      admission = await runtime.gatekeeper.admit({ toolName: name, sensitive, scope });
    } catch (error) {
      runtime.noteError(error);
      reportError(error, runtime.errorContext(sensitive ? 'sensitive' : 'gate', { toolName: name }));
      throw error;
    }

    const controller = new AbortController();
    const call: ProtectedCall = {
      executionId: admission.executionId,
      workflowId: admission.workflowId,
      toolName: name,
      signal: controller.signal,
      reservationId: admission.reservationId,
    };
    const running = runtime.running.register(admission.workflowId, controller);
    try {
      const body = runInScope({ call, sensitive: null, workflowId: admission.workflowId ?? scope.workflowId }, async () =>
        fn.apply(this, args),
      );
      // once interrupted, nobody awaits the body any more: its own failure must not go unhandled
      body.catch(() => undefined);
      return (await Promise.race([body, running.interrupted])) as Awaited<R>;
    } finally {
      running.release();
    }
  };

  Object.defineProperty(guardedCall, 'name', { value: toolName });
  Object.defineProperty(guardedCall, PROTECTED, { value: true });
  return guardedCall as ProtectedFunction<A, R>;
}

export function isProtected(fn: unknown): boolean {
  return typeof fn === 'function' && (fn as { [PROTECTED]?: boolean })[PROTECTED] === true;
}
