import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { DATA_ONLY_HEADER } from '../net';
import { TRACE_REQUEST_HEADER } from './inline-trace';

/**
 * Says so (`DATA_ONLY_HEADER`) when an answer is data and nothing else: no errors, no extensions,
 * and not incremental. Not for a request that asks for its federated trace, whose extensions the
 * trace plugin adds as the answer is sent.
 */
export function dataOnlyAnswers<Context extends BaseContext>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ request }) {
      if (request.http?.headers.get(TRACE_REQUEST_HEADER) === 'ftv1') return;
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const { data, errors, extensions } = response.body.singleResult;
          if (data && errors === undefined && extensions === undefined) response.http.headers.set(DATA_ONLY_HEADER, '1');
        },
      };
    },
  };
}
