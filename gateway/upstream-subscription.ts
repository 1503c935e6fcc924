import { GraphQLError, type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError } from 'graphql';
import type { Sink } from 'graphql-ws';
import { subscriptionErrors } from '../lib/subscriptions';
import type { CredentialLapses } from './subscriptions/credential-lapses';

/** Starts the subscription at the subgraph, its results to `sink`; the function it returns ends it there. */
export type Upstream = (sink: Sink<FormattedExecutionResult>) => () => void;

export interface UpstreamSubscriptionOptions {
  /** When the caller's credentials lapse (ms since the epoch): the subscription ends then with `UNAUTHENTICATED`. */
  expiresAt?: number;
  /** What watches `expiresAt`. */
  lapses?: CredentialLapses;
  /** Called once, when the subscription is over (finished, failed, lapsed or returned). */
  onEnd?: () => void;
}

const DONE: IteratorResult<ExecutionResult> = Object.freeze({ value: undefined, done: true });

/**
 * A subgraph subscription as the gateway's caller sees it: results pass through (their errors
 * as GraphQLErrors again, which graphql-ws serialises); a failure of the upstream (it refused
 * the operation, or its socket gave up) or the caller's credentials lapsing becomes one last
 * result with the errors, then the end.
 *
 * The upstream's results are pushed into it and the caller pulls them: a plain iterator over a
 * queue, not a generator, so `return()` reaches the subgraph at once even while the caller
 * waits. A gateway holds one per subscriber (ten thousand and more), so it keeps little: no
 * generator, timer or promise of its own beyond the caller's pending `next()`.
 */
export class UpstreamSubscription implements AsyncIterableIterator<ExecutionResult> {
  /** Results pushed before the caller asked for them. */
  private readonly queued: Array<IteratorResult<ExecutionResult>> = [];
  /** The caller's `next()`, when it asked before anything was pushed. */
  private waiting?: (result: IteratorResult<ExecutionResult>) => void;
  /** Nothing more comes from the upstream (it completed or failed, the credentials lapsed, or the caller returned). */
  private finished = false;
  private ended = false;
  private readonly stopUpstream: () => void;
  private readonly stopWatchingLapse?: () => void;

  constructor(
    upstream: Upstream,
    private readonly subgraph: string,
    private readonly options: UpstreamSubscriptionOptions = {},
  ) {
    this.stopUpstream = upstream({
      next: (value) => this.push({ value: { ...value, errors: value.errors?.map(revive) } as ExecutionResult, done: false }),
      error: (error) => this.fail(error),
      complete: () => this.finish(),
    });
    // A token already expired is the subgraph's to refuse, with its own reason.
    if (options.expiresAt !== undefined && options.lapses) this.stopWatchingLapse = options.lapses.watch(options.expiresAt, () => this.lapse());
  }

  next(): Promise<IteratorResult<ExecutionResult>> {
    const result = this.queued.shift();
    if (result) return Promise.resolve(result);
    if (this.finished) return Promise.resolve(this.end());
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<ExecutionResult>> {
    const wasFinished = this.finished;
    this.finished = true;
    const ended = this.end();
    this.answerWaiting(ended);
    if (!wasFinished) this.stopUpstream();
    return Promise.resolve(ended);
  }

  /** As `return()`: graphql-sse releases only what looks like a generator (with `throw`) when its stream closes. */
  throw(): Promise<IteratorResult<ExecutionResult>> {
    return this.return();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<ExecutionResult> {
    return this;
  }

  private push(result: IteratorResult<ExecutionResult>): void {
    if (this.finished) return;
    if (!this.answerWaiting(result)) this.queued.push(result);
  }

  /** The upstream refused the operation, or its socket gave up: one result with the reason, then the end. */
  private fail(error: unknown): void {
    const ended = { message: `The ${this.subgraph} subgraph ended the subscription`, extensions: { code: 'BAD_GATEWAY', status: 502, subgraph: this.subgraph } };
    this.push({ value: { errors: subscriptionErrors(error, ended).map(revive) }, done: false });
    this.finish();
  }

  private lapse(): void {
    if (this.finished) return;
    const lapsed = new GraphQLError('The credentials this subscription was started with have expired', { extensions: { code: 'UNAUTHENTICATED', status: 401 } });
    this.push({ value: { errors: [lapsed] }, done: false });
    this.finished = true;
    this.stopUpstream();
  }

  /** The upstream sends no more: the caller has what was queued, then the end. */
  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    // A caller still waiting has had every queued result, so the end is next.
    if (this.waiting) this.answerWaiting(this.end());
  }

  private answerWaiting(result: IteratorResult<ExecutionResult>): boolean {
    const waiting = this.waiting;
    if (!waiting) return false;
    this.waiting = undefined;
    waiting(result);
    return true;
  }

  private end(): IteratorResult<ExecutionResult> {
    if (!this.ended) {
      this.ended = true;
      this.queued.length = 0;
      this.stopWatchingLapse?.();
      this.options.onEnd?.();
    }
    return DONE;
  }
}

function revive(error: GraphQLFormattedError): GraphQLError {
  return new GraphQLError(error.message, { path: error.path, extensions: error.extensions });
}
