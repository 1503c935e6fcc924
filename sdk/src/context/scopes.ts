import { randomUUID } from 'node:crypto';
import { currentRuntime } from '../runtime/singleton';
import { EVENT_TYPES } from '../tracking/guard-event';
import { currentScope, newSpanId, runInScope, type ChainOp } from './call-scope';
import { inSpan } from '../telemetry/gen-ai-spans';

const NEVER_ABORTED = new AbortController().signal;
const CHAIN_OPS: readonly ChainOp[] = ['auto', 'start', 'continue', 'end'];

/**
 * Runs `fn` as part of a workflow, named by its id or by its name in the organisation: protected
 * calls and events inside it belong to that workflow (else the key's bound workflow applies).
 * Returns what `fn` returns.
 */
export function workflow<T>(idOrName: string | undefined, fn: () => T): T {
  const workflowId = idOrName ?? currentScope().workflowId;
  // With OpenTelemetry: the run is an `invoke_agent` span (GenAI conventions), the workflow its attribute.
  return inSpan(`invoke_agent ${workflowId ?? 'workflow'}`, { 'gen_ai.operation.name': 'invoke_agent', 'switchyard.workflow.id': workflowId ?? undefined }, () =>
    runInScope({ workflowId }, fn),
  );
}

/**
 * Runs `fn` as one chain: its gate calls carry `chain_id` and `chain_op` and use the soft
 * (chain-mode) budget gate. With `op: 'auto'` (the default) the gateway continues the chain
 * when it is live and starts it otherwise; `start`, `continue` and `end` are sent as they are.
 * While the scope runs, heartbeats keep the chain alive on the gateway.
 */
export function chain<T>(name: string | undefined, fn: () => T): T;
export function chain<T>(name: string | undefined, options: { op?: ChainOp }, fn: () => T): T;
export function chain<T>(name: string | undefined, optionsOrFn: { op?: ChainOp } | (() => T), maybeFn?: () => T): T {
  const fn = typeof optionsOrFn === 'function' ? optionsOrFn : maybeFn;
  const op = typeof optionsOrFn === 'function' ? 'auto' : (optionsOrFn.op ?? 'auto');
  if (typeof fn !== 'function') throw new TypeError('chain: expected a function');
  if (!CHAIN_OPS.includes(op)) throw new TypeError(`chain: op must be one of ${CHAIN_OPS.join(', ')}`);
  const id = name ?? randomUUID();
  const leave = op === 'end' ? undefined : currentRuntime()?.heartbeats.enter(id);
  return afterSettled(
    () => runInScope({ chain: { id, op } }, fn),
    () => leave?.(),
  );
}

/**
 * Runs `fn` as a nested trace span: events inside carry its span id, and `span_start` and
 * `span_end` (with `duration_ms` and `status`) are recorded around it.
 */
export function span<T>(name: string | undefined, fn: () => T): T {
  const parent = currentScope();
  const spanId = newSpanId();
  return runInScope({ spanId }, () => {
    const runtime = currentRuntime();
    const started = performance.now();
    const common = { name: name ?? 'span', parent_span_id: parent.spanId };
    runtime?.record(EVENT_TYPES.spanStart, common);
    const scope = currentScope();
    return afterSettled(fn, (failed) =>
      runtime?.record(
        EVENT_TYPES.spanEnd,
        { ...common, duration_ms: Math.round(performance.now() - started), status: failed ? 'error' : 'ok' },
        scope,
      ),
    );
  });
}

/** Runs `fn` as agent `name`: its events carry the agent's name (and, with OpenTelemetry, it is an `invoke_agent` span). */
export function agent<T>(name: string | undefined, fn: () => T): T {
  const agentName = name ?? 'agent';
  const workflowId = currentScope().workflowId ?? undefined;
  return inSpan(`invoke_agent ${agentName}`, { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': agentName, 'switchyard.workflow.id': workflowId }, () =>
    runInScope({ agent: agentName }, fn),
  );
}

/**
 * Sets the model and tools the next protected calls of this scope (and its callees) announce
 * to the gate, so budget estimates and the tool block list see real values. A field left out
 * keeps its value; `null` clears it.
 */
export function setCallContext(context: { model?: string | null; tools?: readonly string[] | null }): void {
  if (context === null || typeof context !== 'object') throw new TypeError('setCallContext: expected { model, tools }');
  const scope = currentScope();
  if (context.model !== undefined) {
    if (context.model !== null && typeof context.model !== 'string') throw new TypeError('setCallContext: model must be a string');
    scope.model = context.model;
  }
  if (context.tools !== undefined) {
    if (context.tools !== null && (!Array.isArray(context.tools) || context.tools.some((tool) => typeof tool !== 'string'))) {
      throw new TypeError('setCallContext: tools must be an array of strings');
    }
    scope.tools = context.tools === null ? null : Object.freeze([...context.tools]);
  }
}

/**
 * The AbortSignal of the protected call in progress: aborted (with the WorkflowKilledInterrupt
 * as reason) when its workflow is killed. Outside a protected call, a signal that never aborts.
 */
export function currentSignal(): AbortSignal {
  return currentScope().call?.signal ?? NEVER_ABORTED;
}

/** Calls `done` once `fn`'s result settles, whether `fn` is synchronous or returns a promise. */
function afterSettled<T>(fn: () => T, done: (failed: boolean) => void): T {
  let result: T;
  try {
    result = fn();
  } catch (error) {
    done(true);
    throw error;
  }
  if (result instanceof Promise) {
    return result.then(
      (value: unknown) => {
        done(false);
        return value;
      },
      (error: unknown) => {
        done(true);
        throw error;
      },
    ) as T;
  }
  done(false);
  return result;
}
