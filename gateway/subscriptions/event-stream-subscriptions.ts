import type { RequestHandler } from 'express';
import { getOperationAST, parse, type DocumentNode, type ExecutionArgs } from 'graphql';
import { createHandler } from 'graphql-sse/lib/use/express';
import type { OperationArgs, Response } from 'graphql-sse';
import { AppError } from '../../lib/errors';
import { flatHeaders, type HeaderMap } from '../../lib/net';
import { notSubscription, type SubscriptionForwarding } from './subscription-forwarding';

// A type, not an interface: graphql-sse wants a context indexable by string.
type EventStreamContext = {
  query: string;
  forwardedHeaders: HeaderMap;
};

/**
 * GraphQL over Server-Sent Events (the `graphql-sse` protocol) on `<GATEWAY_GRAPHQL_PATH>/stream`:
 * "distinct connections" mode (a GET or POST with `Accept: text/event-stream`, one stream per
 * subscription) and, against one instance, "single connection" mode. graphql-sse validates
 * against the composed API schema, keeps the stream alive with a comment every 12 s and ends it
 * with a `complete` event; `forwarding` takes the subscription to its subgraph, as for
 * graphql-ws. The caller's credentials are its request headers, as for queries. Queries and
 * mutations, documents that do not parse and refusals (trusted documents, limits) are answered
 * before any stream opens, as a JSON error with their status.
 */
export function eventStreamSubscriptions(forwarding: SubscriptionForwarding): RequestHandler {
  const handler = createHandler<EventStreamContext>({
    schema: () => forwarding.schema(),
    onSubscribe(req, params): Response | OperationArgs<EventStreamContext> {
      const query = params.query;
      const refused = forwarding.admit(params);
      if (refused) return refusal(refused);
      let document: DocumentNode;
      try {
        document = parse(query);
      } catch (error) {
        return refusal(new AppError('BAD_USER_INPUT', `The document does not parse: ${(error as Error).message}`));
      }
      const operation = getOperationAST(document, params.operationName);
      if (!operation) return refusal(new AppError('BAD_USER_INPUT', 'The document names no single operation to run (operationName)'));
      if (operation.operation !== 'subscription') return refusal(notSubscription('sse'));
      const contextValue: EventStreamContext = { query, forwardedHeaders: forwarding.forwardedHeaders(flatHeaders(req.raw.headers), forwarding.peer(req.raw)) };
      return { schema: forwarding.schema(), document, operationName: params.operationName, variableValues: params.variables, contextValue };
    },
    execute: () => ({ errors: [notSubscription('sse')] }),
    subscribe(args: ExecutionArgs) {
      const { query, forwardedHeaders } = args.contextValue as EventStreamContext;
      return forwarding.forward(args.document, { query, operationName: args.operationName, variables: args.variableValues }, forwardedHeaders, 'sse');
    },
  });
  return (req, res, next) => {
    handler(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else next(error);
    });
  };
}

function refusal(error: AppError): Response {
  return [JSON.stringify({ errors: [error.toJSON()] }), { status: error.status, statusText: '', headers: { 'content-type': 'application/json; charset=utf-8' } }];
}
