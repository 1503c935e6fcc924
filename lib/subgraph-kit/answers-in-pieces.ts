import type { ApolloServer, ApolloServerPlugin, BaseContext, HTTPGraphQLRequest, HTTPGraphQLResponse } from '@apollo/server';
import type { FormattedExecutionResult } from 'graphql';
import { jsonPieces, type EncodedBody } from '../net';

/**
 * What Apollo Server's text of an answer is while its writer sends the answer's pieces
 * (`AnswersInPieces.execute`): no 250 KB string is made only to be written. Not JSON, so never
 * mistaken for an answer.
 */
const STAND_IN = '\u0000pieces\u0000';

/** An answer's data with its text (`{"data":…}` and a newline) already in pieces; stringified elsewhere, it is its data. */
class DataInPieces {
  constructor(
    readonly data: Record<string, unknown>,
    readonly pieces: readonly string[],
  ) {}

  toJSON(): Record<string, unknown> {
    return this.data;
  }
}

/** Where the pieces of an answer its writer sends are left for it. */
interface PiecesNote {
  pieces?: readonly string[];
}

/**
 * A subgraph's answers of data alone written in pieces (jsonPieces) by the HTTP front, never as
 * one large string: the store's page of 200 products is 250 KB of JSON
 * (docs/decisions/large-answers-written-in-pieces.md). Three parts, each where Apollo Server lets
 * it act:
 * - `execute`, the front's way into Apollo: it notes the request, then gives the answer its
 *   pieces in place of its text;
 * - `plugin`, last of the plugins: once an answer of a noted request is final, and is data with no
 *   errors and no extensions, it encodes it in pieces;
 * - `stringifyResult`, Apollo's: such an answer's text is a stand-in when it is in more than one
 *   piece, else its one piece; any other answer is Apollo's own text.
 * Requests through express (GET, compressed bodies) are not noted, and answered as before.
 */
export class AnswersInPieces<Context extends BaseContext> {
  // By the HTTP request Apollo Server runs: it hands each operation a copy of the context.
  private readonly notes = new WeakMap<HTTPGraphQLRequest, PiecesNote>();

  readonly plugin: ApolloServerPlugin<Context> = {
    requestDidStart: async ({ request, requestIsBatched }) => {
      const note = request.http && this.notes.get(request.http);
      // A batch's answers are written as one text, each of them in it.
      if (!note || requestIsBatched) return;
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          if (!result.data || result.errors !== undefined || result.extensions !== undefined) return;
          const pieces = jsonPieces({ data: result.data }, '\n');
          if (pieces.length > 1) note.pieces = pieces;
          result.data = new DataInPieces(result.data, pieces) as unknown as Record<string, unknown>;
        },
      };
    },
  };

  readonly stringifyResult = (result: FormattedExecutionResult): string => {
    const { data } = result;
    if (data instanceof DataInPieces && result.errors === undefined && result.extensions === undefined) return data.pieces.length > 1 ? STAND_IN : data.pieces[0];
    return JSON.stringify(result) + '\n';
  };

  /** What the front runs a request with (`GraphQLFrontOptions.execute`): Apollo's answer, in pieces when it was encoded so. */
  execute(apollo: ApolloServer<Context>): (request: HTTPGraphQLRequest, context: () => Promise<Context>) => Promise<HTTPGraphQLResponse> {
    return async (httpGraphQLRequest, context) => {
      const note: PiecesNote = {};
      this.notes.set(httpGraphQLRequest, note);
      const answer = await apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest, context });
      const { pieces } = note;
      if (!pieces || answer.body.kind !== 'complete' || answer.body.string !== STAND_IN) return answer;
      const body: EncodedBody = {
        kind: 'complete',
        pieces,
        get string() {
          return pieces.join('');
        },
      };
      return { ...answer, body };
    };
  }
}
