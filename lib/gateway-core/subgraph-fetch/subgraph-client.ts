import type { IncomingHttpHeaders } from 'node:http';
import { Pool, util, type Dispatcher } from 'undici';

/** What a subgraph answered: its status, its headers, and its body's bytes as they came (UTF-8 JSON, or whatever a fault sent). */
export interface SubgraphReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A subgraph's answer was larger than `GATEWAY_MAX_SUBGRAPH_RESPONSE_BYTES`. */
export class SubgraphResponseTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The subgraph's response exceeded ${limit} bytes`);
  }
}

/**
 * POSTs GraphQL requests to one subgraph over a keep-alive pool, with a handler of undici's own
 * dispatch that gathers the answer's chunks as they come: no fetch Request/Response objects, and
 * no body stream to iterate. Undici's `request` wraps every answer in a Readable, which was read
 * here through an async iterator: undici's and the streams' frames were 17.9 % of the gateway's
 * busy time on a distinct organisation query with it, 15.7 % with this handler.
 */
export class SubgraphClient {
  private readonly pool: Pool;
  private readonly path: string;

  constructor(
    url: string,
    private readonly maxResponseBytes: number,
  ) {
    const target = new URL(url);
    this.path = target.pathname + target.search;
    this.pool = new Pool(target.origin, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });
  }

  post(headers: Record<string, string>, body: string): Promise<SubgraphReply> {
    return new Promise((resolve, reject) => {
      this.pool.dispatch({ method: 'POST', path: this.path, headers, body }, new ReplyGatherer(this.maxResponseBytes, resolve, reject));
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/**
 * Gathers one answer for `post`: settles once, with the whole reply or the first failure. An answer
 * over the limit (declared, or counted as it comes) aborts the request, and undici closes the socket.
 */
class ReplyGatherer implements Dispatcher.DispatchHandler {
  private abort?: (reason: Error) => void;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  private received = 0;
  private settled = false;

  constructor(
    private readonly limit: number,
    private readonly resolve: (reply: SubgraphReply) => void,
    private readonly reject: (error: Error) => void,
  ) {}

  onConnect(abort: (reason: Error) => void): void {
    this.abort = abort;
  }

  onHeaders(status: number, rawHeaders: Buffer[]): boolean {
    this.status = status;
    this.headers = util.parseHeaders(rawHeaders) as IncomingHttpHeaders;
    if (Number(this.headers['content-length']) > this.limit) this.refuse();
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.received += chunk.length;
    if (this.received > this.limit) this.refuse();
    else this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (!this.settle()) return;
    this.resolve({ status: this.status, headers: this.headers, body: Buffer.concat(this.chunks, this.received) });
  }

  onError(error: Error): void {
    if (this.settle()) this.reject(error);
  }

  /** Answers too large an answer at once, then stops reading it. */
  private refuse(): void {
    if (!this.settle()) return;
    const tooLarge = new SubgraphResponseTooLarge(this.limit);
    this.reject(tooLarge);
    this.abort?.(tooLarge);
  }

  /** Whether this is the first settlement. */
  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    return true;
  }
}
