import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginInlineTrace } from '@apollo/server/plugin/inlineTrace';

/** The header a federation gateway sends when it wants the subgraph's trace of the request (`ftv1`). */
export const TRACE_REQUEST_HEADER = 'apollo-federation-include-trace';

/**
 * Federated tracing (`ftv1`) for the requests that ask for it, as Apollo Server gives a subgraph
 * by default, at no cost to those that do not. Apollo's own plugin builds a trace (a protobuf
 * `Trace` and its tree) for every request before it looks at the header, and drops it for all
 * but the few that ask: here the header is read first. Returns the plugins to install: Apollo's
 * default turned off, and it again behind that check.
 */
export function inlineTraceWhenAsked<Context extends BaseContext>(): ApolloServerPlugin<Context>[] {
  const tracing = ApolloServerPluginInlineTrace() as ApolloServerPlugin<Context>;
  const askedOnly: ApolloServerPlugin<Context> = {
    async requestDidStart(requestContext) {
      if (requestContext.request.http?.headers.get(TRACE_REQUEST_HEADER) !== 'ftv1') return;
      return tracing.requestDidStart?.(requestContext);
    },
  };
  return [ApolloServerPluginInlineTraceDisabled(), askedOnly];
}
