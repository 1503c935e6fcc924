import { Pool, type Dispatcher } from 'undici';
import type { IncomingHttpHeaders } from 'node:http';

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
 * POSTs GraphQL requests to one subgraph over a keep-alive pool with undici's request API: no
 * fetch Request/Response objects and no web streams, the bulk of the gateway's client cost.
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

  async post(headers: Record<string, string>, body: string): Promise<SubgraphReply> {
    const response = await this.pool.request({ method: 'POST', path: this.path, headers, body });
    const declared = Number(response.headers['content-length']);
    if (declared > this.maxResponseBytes) {
      discard(response.body);
      throw new SubgraphResponseTooLarge(this.maxResponseBytes);
    }
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > this.maxResponseBytes) {
        discard(response.body);
        throw new SubgraphResponseTooLarge(this.maxResponseBytes);
      }
      chunks.push(chunk);
    }
    return { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks, received) };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** Stops reading an answer: undici then reports the aborted request on the body, which nobody reads any more. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}
