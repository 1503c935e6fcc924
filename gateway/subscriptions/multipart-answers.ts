import type { HTTPGraphQLRequest, HTTPGraphQLResponse } from '@apollo/server';
import { getOperationAST, parse } from 'graphql';
import { CLIENT_ADDRESS_HEADER } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import type { GatewayContext } from '../../lib/gateway-core/gateway-context';
import type { OperationBody } from '../persisted/document-resolution';
import { answerError } from '../requests/gateway-answers';
import { acceptsMultipartSubscription, multipartSubscription } from './multipart-subscription';
import type { SubscriptionForwarding } from './subscription-forwarding';

/** Where subscriptions go when they are not sent as Apollo's multipart subscriptions. */
const ELSEWHERE = 'send `Accept: multipart/mixed;subscriptionSpec=1.0` (Apollo Client does over HttpLink), or subscribe over graphql-ws on this path or GraphQL over SSE at its /stream';

/**
 * Subscriptions sent to the GraphQL path over plain HTTP, which Apollo Server cannot execute
 * through @apollo/gateway: with Apollo's multipart `Accept`, answered as a multipart subscription
 * forwarded to its subgraph (the same forwarding as graphql-ws and SSE); without it, a 400 that
 * says how to subscribe. Anything that is not a subscription is not theirs (`undefined`).
 */
export class MultipartSubscriptions {
  constructor(private readonly forwarding: SubscriptionForwarding) {}

  async answer(request: HTTPGraphQLRequest, body: OperationBody, context: () => Promise<GatewayContext>): Promise<HTTPGraphQLResponse | undefined> {
    const { query, operationName, variables } = body;
    // Cheap first: most documents never name a subscription.
    if (typeof query !== 'string' || !query.includes('subscription')) return undefined;
    if (!isSubscription(query, operationName)) return undefined;
    if (!acceptsMultipartSubscription(request.headers.get('accept'))) {
      return answerError(new AppError('BAD_USER_INPUT', `Subscriptions over HTTP are served as Apollo's multipart subscriptions: ${ELSEWHERE}`));
    }
    if (request.method !== 'POST') return answerError(new AppError('METHOD_NOT_ALLOWED', 'A multipart subscription is a POST'));
    const caller = await context();
    const forwardedHeaders = { ...caller.forwardedHeaders, [CLIENT_ADDRESS_HEADER]: caller.clientAddress };
    const subscription = { query, operationName: typeof operationName === 'string' ? operationName : undefined, variables: objectOrUndefined(variables) };
    const started = this.forwarding.subscribe(subscription, forwardedHeaders, 'multipart');
    if (started instanceof AppError) return answerError(started);
    return multipartSubscription(started);
  }
}

function isSubscription(query: string, operationName: unknown): boolean {
  try {
    return getOperationAST(parse(query, { noLocation: true }), typeof operationName === 'string' ? operationName : undefined)?.operation === 'subscription';
  } catch {
    // Apollo reports what does not parse.
    return false;
  }
}

function objectOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
