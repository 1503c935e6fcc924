import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener, HeaderMap } from '@apollo/server';
import Negotiator from 'negotiator';

/** The single-result media types Apollo Server chooses between, in its order of preference. */
const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';

/** Whether the answer goes out as `application/json`, as Apollo Server negotiates it (no `Accept`: JSON). */
export function answersLegacyJson(headers: HeaderMap): boolean {
  const accept = headers.get('accept');
  if (!accept) return true;
  return new Negotiator({ headers: { accept } }).mediaType([JSON_TYPE, GRAPHQL_RESPONSE_TYPE]) === JSON_TYPE;
}

/** The codes of GraphQL request errors: found before execution, by the GraphQL engine itself. */
const REQUEST_ERROR_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'OPERATION_RESOLUTION_FAILURE']);

/**
 * The status of a GraphQL request error (a document that does not parse or validate, variables
 * that do not coerce, an operation name the document lacks) as the GraphQL-over-HTTP
 * specification gives it for each media type: 400 under `application/graphql-response+json`,
 * and 200 under `application/json`, whose clients read the `errors` of any JSON answer and may
 * not read a 4xx body. Apollo Server answers 400 under both; this plugin turns that 400 into 200
 * for `application/json`. A request error is an answer without `data` (execution never began)
 * whose every error has one of the codes above. Faults of the HTTP request itself (a body that is
 * not JSON, a `query` that is missing or not a string: `BAD_REQUEST`) keep their 400, and so do
 * the gateway's operation limits, which refuse before Apollo runs (docs/graphql-over-http.md).
 */
export const requestErrorStatus: ApolloServerPlugin = {
  // One listener for every request: nothing is allocated per operation, and the Accept header is
  // negotiated only for an answer that is a 400 request error.
  requestDidStart: async () => requestErrorListener,
};

const requestErrorListener: GraphQLRequestListener<BaseContext> = {
  async willSendResponse({ request, response }) {
    if (response.http.status !== 400 || response.body.kind !== 'single' || 'data' in response.body.singleResult) return;
    const errors = response.body.singleResult.errors ?? [];
    if (errors.length === 0 || !errors.every((error) => REQUEST_ERROR_CODES.has(String(error.extensions?.code)))) return;
    if (request.http && answersLegacyJson(request.http.headers)) response.http.status = 200;
  },
};
