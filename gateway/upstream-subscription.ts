import { GraphQLError, type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError } from 'graphql';
import { subscriptionErrors } from '../lib/subscriptions';

/**
 * A subgraph subscription as the gateway's caller sees it: results pass through (their errors
 * as GraphQLErrors again, which graphql-ws serialises); a failure of the upstream (it refused
 * the operation, or its socket gave up) becomes one last result with the errors, then the end.
 * Written as a plain iterator, not a generator: a generator cannot be returned while it awaits,
 * and `return()` must reach the subgraph at once.
 */
export class UpstreamSubscription implements AsyncIterableIterator<ExecutionResult> {
  private failed = false;

  constructor(
    private readonly upstream: AsyncIterableIterator<FormattedExecutionResult>,
    private readonly subgraph: string,
  ) {}

  async next(): Promise<IteratorResult<ExecutionResult>> {
    if (this.failed) return { value: undefined, done: true };
    try {
      const result = await this.upstream.next();
      if (result.done) return { value: undefined, done: true };
      return { value: { ...result.value, errors: result.value.errors?.map(revive) } as ExecutionResult, done: false };
    } catch (error) {
      this.failed = true;
      const ended = { message: `The ${this.subgraph} subgraph ended the subscription`, extensions: { code: 'BAD_GATEWAY', status: 502, subgraph: this.subgraph } };
      return { value: { errors: subscriptionErrors(error, ended).map(revive) }, done: false };
    }
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    await this.upstream.return?.();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<ExecutionResult> {
    return this;
  }
}

function revive(error: GraphQLFormattedError): GraphQLError {
  return new GraphQLError(error.message, { path: error.path, extensions: error.extensions });
}
