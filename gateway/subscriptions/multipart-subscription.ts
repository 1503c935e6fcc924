import { HeaderMap, type HTTPGraphQLResponse } from '@apollo/server';
import type { ExecutionResult } from 'graphql';

/** What `Accept` names when Apollo Client's `HttpLink` sends a subscription: `multipart/mixed;subscriptionSpec=1.0`. */
export function acceptsMultipartSubscription(accept: string | undefined): boolean {
  return accept !== undefined && /multipart\/mixed[^,]*subscriptionSpec\s*=\s*"?1\.0"?/i.test(accept);
}

/** How often an idle multipart subscription sends `{}`, so that proxies and the client know it lives (Apollo Router's default). */
export const MULTIPART_HEARTBEAT_MS = 5_000;

const BOUNDARY = '\r\n--graphql';
const PART_HEADERS = '\r\ncontent-type: application/json; charset=utf-8\r\n\r\n';

/**
 * A subscription's results as Apollo's multipart HTTP subscription protocol (`subscriptionSpec
 * 1.0`): `multipart/mixed; boundary="graphql"`, each result wrapped as `{"payload": …}`, a `{}`
 * heartbeat at once (so the client knows the stream is open) and every `heartbeatMs` while idle,
 * and the final boundary when the subscription ends. Each part is followed by its boundary, so a
 * client reads a part as soon as it arrives. The caller going away (`return()`) ends the subscription.
 */
export function multipartSubscription(results: ExecutionResult | AsyncIterableIterator<ExecutionResult>, heartbeatMs = MULTIPART_HEARTBEAT_MS): HTTPGraphQLResponse {
  const iterator = Symbol.asyncIterator in results ? results : once(results);
  const headers = new HeaderMap([
    ['content-type', 'multipart/mixed;boundary="graphql";subscriptionSpec="1.0"'],
    ['cache-control', 'no-cache'],
  ]);
  return { status: 200, headers, body: { kind: 'chunked', asyncIterator: new MultipartParts(iterator, heartbeatMs) } };
}

class MultipartParts implements AsyncIterableIterator<string> {
  private readonly ready: string[] = [`${BOUNDARY}${PART_HEADERS}{}${BOUNDARY}`];
  private waiting?: (result: IteratorResult<string>) => void;
  private finished = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly results: AsyncIterableIterator<ExecutionResult>,
    heartbeatMs: number,
  ) {
    this.heartbeat = setInterval(() => this.push(`${PART_HEADERS}{}${BOUNDARY}`), heartbeatMs);
    void this.pump();
  }

  next(): Promise<IteratorResult<string>> {
    if (this.ready.length > 0) return Promise.resolve({ value: this.ready.shift()!, done: false });
    if (this.finished) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  async return(): Promise<IteratorResult<string>> {
    this.close();
    await this.results.return?.();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<string> {
    return this;
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        const result = await this.results.next();
        if (result.done || this.finished) break;
        this.push(`${PART_HEADERS}${JSON.stringify({ payload: result.value })}${BOUNDARY}`);
      }
    } catch (error) {
      this.push(`${PART_HEADERS}${JSON.stringify({ payload: null, errors: [{ message: (error as Error).message ?? 'The subscription failed' }] })}${BOUNDARY}`);
    }
    this.push('--\r\n');
    this.close();
  }

  private push(part: string): void {
    if (this.finished) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: part, done: false });
    } else {
      this.ready.push(part);
    }
  }

  /** No more parts: what is queued is still read, then the end. */
  private close(): void {
    if (this.finished) return;
    this.finished = true;
    clearInterval(this.heartbeat);
    this.waiting?.({ value: undefined, done: true });
    this.waiting = undefined;
  }
}

async function* once(result: ExecutionResult): AsyncIterableIterator<ExecutionResult> {
  yield result;
}
