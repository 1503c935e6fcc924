import { GraphQLError, type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError } from 'graphql';
import { subscriptionErrors } from '../lib/subscriptions';

/** The longest a timer waits (setTimeout's limit); a later expiry is not watched. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export interface UpstreamSubscriptionOptions {
  /** When the caller's credentials lapse (ms since the epoch): the subscription ends then with `UNAUTHENTICATED`. */
  expiresAt?: number;
  /** Called once, when the subscription is over (finished, failed, lapsed or returned). */
  onEnd?: () => void;
}

/**
 * A subgraph subscription as the gateway's caller sees it: results pass through (their errors
 * as GraphQLErrors again, which graphql-ws serialises); a failure of the upstream (it refused
 * the operation, or its socket gave up) or the caller's credentials lapsing becomes one last
 * result with the errors, then the end. Written as a plain iterator, not a generator: a generator
 * cannot be returned while it awaits, and `return()` must reach the subgraph at once.
 */
export class UpstreamSubscription implements AsyncIterableIterator<ExecutionResult> {
  private failed = false;
  private ended = false;
  private readonly lapse?: Promise<'lapsed'>;
  private lapseTimer?: NodeJS.Timeout;

  constructor(
    private readonly upstream: AsyncIterableIterator<FormattedExecutionResult>,
    private readonly subgraph: string,
    private readonly options: UpstreamSubscriptionOptions = {},
  ) {
    // A token already expired is the subgraph's to refuse, with its own reason.
    const left = options.expiresAt === undefined ? undefined : options.expiresAt - Date.now();
    if (left !== undefined && left > 0 && left < LONGEST_TIMER_MS) {
      this.lapse = new Promise((resolve) => {
        this.lapseTimer = setTimeout(() => resolve('lapsed'), left);
      });
    }
  }

  async next(): Promise<IteratorResult<ExecutionResult>> {
    if (this.failed) return this.end();
    try {
      const result = this.lapse ? await Promise.race([this.upstream.next(), this.lapse]) : await this.upstream.next();
      if (result === 'lapsed') {
        this.failed = true;
        void this.upstream.return?.();
        const lapsed = new GraphQLError('The credentials this subscription was started with have expired', { extensions: { code: 'UNAUTHENTICATED', status: 401 } });
        return { value: { errors: [lapsed] }, done: false };
      }
      if (result.done) return this.end();
      return { value: { ...result.value, errors: result.value.errors?.map(revive) } as ExecutionResult, done: false };
    } catch (error) {
      this.failed = true;
      const ended = { message: `The ${this.subgraph} subgraph ended the subscription`, extensions: { code: 'BAD_GATEWAY', status: 502, subgraph: this.subgraph } };
      return { value: { errors: subscriptionErrors(error, ended).map(revive) }, done: false };
    }
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    const ended = this.end();
    await this.upstream.return?.();
    return ended;
  }

  /** As `return()`: graphql-sse releases only what looks like a generator (with `throw`) when its stream closes. */
  async throw(): Promise<IteratorResult<ExecutionResult>> {
    return this.return();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<ExecutionResult> {
    return this;
  }

  private end(): IteratorResult<ExecutionResult> {
    if (!this.ended) {
      this.ended = true;
      clearTimeout(this.lapseTimer);
      this.options.onEnd?.();
    }
    return { value: undefined, done: true };
  }
}

function revive(error: GraphQLFormattedError): GraphQLError {
  return new GraphQLError(error.message, { path: error.path, extensions: error.extensions });
}
