import { HeaderMap, type ApolloServer, type HTTPGraphQLRequest, type HTTPGraphQLResponse } from '@apollo/server';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logging';
import { withUnauthorized, type OperationAuthorizer } from '../../lib/gateway-core/authorization/operation-authorizer';
import { acceptsIncremental, deliverDeferred, type RunOperation } from '../defer/deferred-delivery';
import { deferredOperation, type DeferredOperation } from '../../lib/gateway-core/defer/deferred-operation';
import type { GatewayContext } from '../../lib/gateway-core/gateway-context';
import { forwardedBody, type ForwardingNote } from '../../lib/gateway-core/forwarding/forwarded-data';
import type { OperationLimits } from '../../lib/gateway-core/limits/operation-limits';
import type { DocumentResolver, OperationBody } from '../persisted/document-resolution';
import type { MultipartSubscriptions } from '../subscriptions/multipart-answers';
import { answerThroughCache } from '../response-cache/http-caching';
import type { ResponseCache } from '../../lib/gateway-core/response-cache/response-cache';
import { answerBatch, answerError, answerJsonString } from './gateway-answers';
import { getOperationBody, withGetOperationBody } from './get-requests';
import type { AnswerFor, SharedOperations } from './shared-operations';

export interface GatewayRequestsOptions {
  apollo: ApolloServer<GatewayContext>;
  resolver: DocumentResolver;
  limits: OperationLimits;
  authorizer: OperationAuthorizer;
  /** `GATEWAY_MAX_BATCH` */
  maxBatch: number;
  /** Subscriptions over HTTP (Apollo's multipart protocol), where the process forwards subscriptions. */
  subscriptions?: MultipartSubscriptions;
  /** `GATEWAY_RESPONSE_CACHE=on` */
  cache?: ResponseCache;
  /** `GATEWAY_SHARE_OPERATIONS=on`: identical queries in flight for the same caller run once. */
  sharing?: SharedOperations;
  logger: Logger;
}

/**
 * The gateway's GraphQL request path, in front of Apollo Server, for the HTTP front and the express
 * route alike: a batch (a JSON array, as Apollo Client's `BatchHttpLink` sends) split into its
 * operations; each operation's document found (persisted queries, trusted documents), checked
 * against the limits (a trusted document once), its fields authorised (`@authenticated`,
 * `@requiresScopes`, `@policy`), and run by Apollo on its own (or joined to an identical query
 * running for the same caller); the answers gathered in order. A refusal of one operation is that
 * operation's answer only.
 */
export class GatewayRequests {
  constructor(private readonly options: GatewayRequestsOptions) {}

  async answer(request: HTTPGraphQLRequest, context: () => Promise<GatewayContext>, log?: Logger): Promise<HTTPGraphQLResponse> {
    if (request.method === 'POST' && Array.isArray(request.body)) return this.batch(request, request.body, context, log);
    if (request.method === 'GET') {
      const body = getOperationBody(request.search);
      return this.one(request, body, context, log, (resolved) => ({ ...request, search: withGetOperationBody(request.search, resolved) }));
    }
    if (request.body === null || typeof request.body !== 'object') return this.options.apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest: request, context });
    return this.one(request, request.body as OperationBody, context, log, (resolved) => ({ ...request, body: resolved }));
  }

  private async batch(request: HTTPGraphQLRequest, items: unknown[], context: () => Promise<GatewayContext>, log?: Logger): Promise<HTTPGraphQLResponse> {
    if (items.length === 0) return answerError(new AppError('MALFORMED_BODY', 'The batch holds no operations'));
    if (items.length > this.options.maxBatch) {
      log?.info({ operations: items.length }, 'batch refused: too many operations');
      return answerError(new AppError('BATCH_TOO_LARGE', `The batch holds ${items.length} operations; at most ${this.options.maxBatch} are allowed (GATEWAY_MAX_BATCH)`, { details: { limit: this.options.maxBatch, received: items.length } }));
    }
    if (items.some(Array.isArray)) return answerError(new AppError('MALFORMED_BODY', 'A batch is an array of operations; it holds no arrays'));
    // Each operation is answered whole: no incremental delivery inside a batch.
    const headers = new HeaderMap(request.headers);
    headers.set('accept', 'application/json');
    const answers = await Promise.all(
      items.map((item, index) => {
        if (item === null || typeof item !== 'object') return answerError(new AppError('BATCH_ITEM_INVALID', `Operation ${index} of the batch is not a JSON object`));
        return this.one({ ...request, headers }, item as OperationBody, context, log, (resolved) => ({ ...request, headers, body: resolved }));
      }),
    );
    return answerBatch(answers);
  }

  private async one(
    request: HTTPGraphQLRequest,
    body: OperationBody,
    context: () => Promise<GatewayContext>,
    log: Logger | undefined,
    withBody: (resolved: OperationBody) => HTTPGraphQLRequest,
  ): Promise<HTTPGraphQLResponse> {
    const resolution = await this.options.resolver.resolve(body);
    if (resolution.kind === 'refused') return answerError(resolution.error);
    const { limits } = this.options;
    const resolved = resolution.body;
    const subscribed = await this.options.subscriptions?.answer(request, resolved, context);
    if (subscribed) return subscribed;
    let refusal: AppError | undefined;
    try {
      refusal = resolution.trusted ? limits.checkTrusted(resolution.trusted, resolved.variables) : limits.check(resolved.query, resolved.variables);
    } catch (error) {
      // A fault of the measure itself must not take GraphQL down: Apollo still validates.
      this.options.logger.error({ err: error }, 'operation limits could not measure a request');
    }
    if (refusal) {
      log?.info({ code: refusal.code }, 'operation refused by a request limit');
      return answerError(refusal);
    }
    const unauthorized = this.options.authorizer.authorize(resolved.query, resolved.operationName, (name) => request.headers.get(name));
    // Fields the caller may not reach are gone from what runs: no subgraph is asked for them.
    if (unauthorized && unauthorized.query === undefined) return answerJsonString(200, withUnauthorized(undefined, unauthorized));
    const query = unauthorized?.query ?? resolved.query;
    const answerFor: AnswerFor = async (callerContext) => {
      const run: RunOperation = async (text, withContext) => {
        // A subgraph's answer passed on whole (up to 64 KiB) is written as the bytes it came as.
        const forwarded: ForwardingNote = {};
        const answer = await this.options.apollo.executeHTTPGraphQLRequest({
          httpGraphQLRequest: withBody(text === resolved.query ? resolved : { ...resolved, query: text }),
          context: async () => {
            const caller = await callerContext();
            return { ...(withContext ? withContext(caller) : caller), forwarded };
          },
        });
        return forwardedBody(answer, forwarded);
      };
      // The removed fields' nulls and errors go with the initial payload of a deferred operation.
      const execute = () => this.deferring(request, resolved, query, run, unauthorized && ((text) => withUnauthorized(text, unauthorized)));
      const answer = this.options.cache ? await this.throughCache(this.options.cache, request, resolved, unauthorized !== undefined, execute) : await execute();
      if (!unauthorized || answer.body.kind !== 'complete') return answer;
      return { ...answer, body: { kind: 'complete', string: withUnauthorized(answer.body.string, unauthorized) } };
    };
    return this.options.sharing ? this.options.sharing.answer(request, resolved, context, answerFor) : answerFor(context);
  }

  /** Cached reads and invalidating writes (gateway/response-cache); a read pruned of unauthorised fields is not its document's answer, never kept. */
  private throughCache(cache: ResponseCache, request: HTTPGraphQLRequest, body: OperationBody, pruned: boolean, execute: () => Promise<HTTPGraphQLResponse>): Promise<HTTPGraphQLResponse> {
    const plan = cache.plan(body.query, body.operationName, body.variables, (name) => request.headers.get(name));
    return answerThroughCache(cache, pruned && plan.kind === 'read' ? { kind: 'pass' } : plan, execute);
  }

  /** An operation with `@defer`: incremental to a client that accepts multipart answers, else whole (gateway/defer). */
  private async deferring(
    request: HTTPGraphQLRequest,
    body: OperationBody,
    query: unknown,
    run: RunOperation,
    shapeInitial?: (answer: string) => string,
  ): Promise<HTTPGraphQLResponse> {
    let deferred: DeferredOperation | undefined;
    try {
      const variables = body.variables !== null && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : {};
      deferred = typeof query === 'string' ? deferredOperation(query, body.operationName, variables) : undefined;
    } catch (error) {
      if (error instanceof AppError) return answerError(error);
      throw error;
    }
    if (!deferred) return run(query);
    if (!acceptsIncremental(request.headers.get('accept'))) return run(deferred.whole);
    return deliverDeferred(deferred, run, shapeInitial);
  }
}
