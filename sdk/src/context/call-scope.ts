import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';

export type ChainOp = 'auto' | 'start' | 'continue' | 'end';

/** A chain scope: every gate call made inside it names the chain and the op. */
export interface ChainState {
  readonly id: string;
  readonly op: ChainOp;
}

/** The protected call in progress: what a kill must interrupt, and what usage is charged to. */
export interface ProtectedCall {
  readonly executionId: string;
  readonly workflowId: string | null;
  readonly toolName: string;
  readonly signal: AbortSignal;
  /** Budget reserved by the gate for this call, consumed by the first `trackLlm` inside it. */
  reservationId: string | null;
}

/** A `sensitive` wrapper's request to the next `protect` down the stack. */
export interface SensitiveMark {
  readonly toolName: string;
  readonly input: unknown;
}

/** Everything the SDK attaches to gate calls and events, per async call chain. */
export interface CallScope {
  workflowId: string | null;
  traceId: string | null;
  spanId: string | null;
  agent: string | null;
  chain: ChainState | null;
  model: string | null;
  tools: readonly string[] | null;
  call: ProtectedCall | null;
  sensitive: SensitiveMark | null;
}

const storage = new AsyncLocalStorage<CallScope>();

/** What code outside every scope sees; `setCallContext` at the top level writes here. */
const rootScope: CallScope = {
  workflowId: null,
  traceId: null,
  spanId: null,
  agent: null,
  chain: null,
  model: null,
  tools: null,
  call: null,
  sensitive: null,
};

export function currentScope(): CallScope {
  return storage.getStore() ?? rootScope;
}

/**
 * Runs `fn` in a copy of the current scope with `patch` applied, so whatever `fn` sets is seen by
 * it and its callees only. A scope always has a trace id: the first scope of a chain opens one.
 */
export function runInScope<T>(patch: Partial<CallScope>, fn: () => T): T {
  const parent = currentScope();
  const scope: CallScope = { ...parent, ...patch };
  scope.traceId ??= newTraceId();
  return storage.run(scope, fn);
}

export function newTraceId(): string {
  return randomUUID();
}

export function newSpanId(): string {
  return randomBytes(8).toString('hex');
}

/** For unit tests: forget what top-level code set. */
export function resetRootScope(): void {
  rootScope.model = null;
  rootScope.tools = null;
}
