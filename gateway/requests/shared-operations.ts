import { HeaderMap, type HTTPGraphQLRequest, type HTTPGraphQLResponse } from '@apollo/server';
import { OperationTypeNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { GatewayContext } from '../../lib/gateway-core/gateway-context';
import { parseOperation } from '../../lib/gateway-core/parsed-operation';
import { SharedFetches } from '../../lib/gateway-core/subgraph-fetch/shared-fetches';
import { REQUEST_ID_HEADER } from '../../lib/logging';
import { sharedOperations } from '../../lib/metrics';
import type { OperationBody } from '../persisted/document-resolution';

/** What a caller's answer is made of, given the caller's context (built once, for the key and the run alike). */
export type AnswerFor = (context: () => Promise<GatewayContext>) => Promise<HTTPGraphQLResponse>;

/**
 * Request headers that change Apollo's answer beside what the context carries: its format and
 * status (`Accept`), and its CSRF check (the body's type and the preflight headers).
 */
const ANSWERING_HEADERS = ['accept', 'content-type', 'apollo-require-preflight', 'x-apollo-operation-name'] as const;

/**
 * Identical queries in flight for the same caller run once: a POSTed query whose body (document,
 * operation, variables, extensions) matches one already running, with the same credentials, other
 * forwarded headers, address and answer format, is answered with that one's answer instead of
 * being planned, fetched and shaped again. It is what the subgraph fetches already share
 * (subgraph-fetch/shared-fetches), one step earlier: everything that decides the answer is in the
 * key, so the answer is the one the caller's own run would have got from the shared fetches.
 * Nothing is kept once the run settles; a failed run is the answer of everyone who joined it.
 * Never a mutation, a subscription, a document with `@defer` (an incremental answer is one
 * caller's stream) or a GET (whose CSRF check differs from a POST's).
 */
export class SharedOperations {
  private readonly running = new SharedFetches<HTTPGraphQLResponse>();
  private readonly shareable = new LRUCache<string, boolean>({ max: 1_000 });

  async answer(request: HTTPGraphQLRequest, body: OperationBody, context: () => Promise<GatewayContext>, answerFor: AnswerFor): Promise<HTTPGraphQLResponse> {
    if (request.method !== 'POST' || typeof body.query !== 'string' || !this.isShareable(body.query, body.operationName)) return answerFor(context);
    const caller = await context();
    const own = () => Promise.resolve(caller);
    let ran = false;
    const running = this.running.share(operationKey(request, body, caller), () => {
      ran = true;
      return answerFor(own);
    });
    if (ran) return running;
    sharedOperations.inc();
    const answer = await running;
    // Not reached (no @defer is shared), but a stream cannot have two readers: run this caller's own.
    if (answer.body.kind !== 'complete') return answerFor(own);
    return { status: answer.status, headers: new HeaderMap(answer.headers), body: answer.body };
  }

  /** A query (by its text and name), without `@defer`; a document that does not parse is Apollo's to refuse, alone. */
  private isShareable(query: string, operationName: unknown): boolean {
    const key = typeof operationName === 'string' ? `${operationName}\n${query}` : query;
    let shareable = this.shareable.get(key);
    if (shareable === undefined) {
      shareable = parseOperation(query, operationName)?.operation.operation === OperationTypeNode.QUERY && !query.includes('@defer');
      this.shareable.set(key, shareable);
    }
    return shareable;
  }
}

/** Everything an answer depends on but the request id (which names the first caller only, as in a shared subgraph fetch). */
function operationKey(request: HTTPGraphQLRequest, body: OperationBody, caller: GatewayContext): string {
  // The whole body as resolved: the document's text, its operation, variables, extensions and id.
  const parts: unknown[] = [body, caller.clientAddress, caller.answersAsText === true];
  for (const name of ANSWERING_HEADERS) parts.push(request.headers.get(name) ?? null);
  const forwarded = caller.forwardedHeaders;
  for (const name of Object.keys(forwarded).sort()) if (name !== REQUEST_ID_HEADER) parts.push(name, forwarded[name]);
  return JSON.stringify(parts);
}
