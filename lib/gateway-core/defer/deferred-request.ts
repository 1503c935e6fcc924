import type { GraphQLFormattedError } from 'graphql';
import type { DeferredFragment, DeferredOperation } from './deferred-operation';

/** One deferred fragment's payload, shaped and its errors formatted, once its fetches are done. */
export interface DeferredPayload {
  fragment: DeferredFragment;
  data: Record<string, unknown> | null;
  errors: GraphQLFormattedError[];
}

/**
 * A deferred operation on its way through Apollo Server to the gateway's executor: Apollo
 * validates and runs the operation without its `@defer`s, the executor (deferring-gateway) finds
 * this request by the operation's context, runs the plan with `@defer`s, answers Apollo with the
 * initial payload and leaves each deferred fragment's payload here.
 */
export class DeferredRequest {
  /** Set by the executor once it runs the plan: a request Apollo refused before never is. */
  started = false;
  readonly payloads: Array<Promise<DeferredPayload>> = [];

  constructor(readonly operation: DeferredOperation) {}
}

/** Where a context holds its deferred request: a symbol's own property, which Apollo's copy of the context keeps. */
const DEFERRED_REQUEST = Symbol('deferred request');

/** A context of its own for the request's operation, by which the executor finds the request. */
export function withDeferredRequest<Context extends object>(context: Context, request: DeferredRequest): Context {
  return { ...context, [DEFERRED_REQUEST]: request };
}

export function deferredRequestOf(context: object): DeferredRequest | undefined {
  const request = (context as { [DEFERRED_REQUEST]?: unknown })[DEFERRED_REQUEST];
  return request instanceof DeferredRequest ? request : undefined;
}
