import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { ApolloServerPluginInlineTrace } from '@apollo/server/plugin/inlineTrace';
import { buildSchema, GraphQLError, type GraphQLObjectType } from 'graphql';
import { PIECE_LENGTH, writeCompleteBody, type EncodedBody } from '../net';
import { AnswersInPieces } from './answers-in-pieces';

const schema = buildSchema(`
  type Item { id: Int! name: String! broken: String }
  type Query { items(count: Int!): [Item!]! }
`);
schema.getQueryType()!.getFields().items.resolve = (_root, { count }: { count: number }) =>
  Array.from({ length: count }, (_, id) => ({ id, name: `item ${id}, with a name long enough to fill a list — ñ ✓` }));
(schema.getType('Item') as GraphQLObjectType).getFields().broken.resolve = () => {
  throw new GraphQLError('This field fails');
};

const inPieces = new AnswersInPieces();
const apollo = new ApolloServer({ schema, stringifyResult: inPieces.stringifyResult, plugins: [ApolloServerPluginInlineTrace(), inPieces.plugin] });
const execute = inPieces.execute(apollo);

const request = (query: string, headers: Array<[string, string]> = []): HTTPGraphQLRequest => ({
  method: 'POST',
  headers: new HeaderMap([['content-type', 'application/json'], ...headers]),
  search: '',
  body: { query },
});
const LARGE = '{ items(count: 2000) { id name } }';
/** graphql-js's text of an answer, as Apollo Server writes it. */
const expectedText = (count: number) => `${JSON.stringify({ data: { items: Array.from({ length: count }, (_, id) => ({ id, name: `item ${id}, with a name long enough to fill a list — ñ ✓` })) } })}\n`;

const completeBody = (answer: Awaited<ReturnType<typeof execute>>) => {
  if (answer.body.kind !== 'complete') throw new Error('expected a complete body');
  return answer.body as EncodedBody;
};

describe('AnswersInPieces', () => {
  beforeAll(() => apollo.start());
  afterAll(() => apollo.stop());

  it('gives a large answer of data its text in pieces, which join into Apollo Server’s text', async () => {
    const answer = await execute(request(LARGE), async () => ({}));
    const body = completeBody(answer);
    expect(body.pieces!.length).toBeGreaterThan(2);
    expect(body.pieces!.every((piece) => piece.length < 2 * PIECE_LENGTH)).toBe(true);
    expect(body.pieces!.join('')).toBe(expectedText(2000));
    expect(body.string).toBe(expectedText(2000));
  });

  it('answers a small answer as one text', async () => {
    const body = completeBody(await execute(request('{ items(count: 2) { id name } }'), async () => ({})));
    expect(body.pieces).toBeUndefined();
    expect(body.string).toBe(expectedText(2));
  });

  it('leaves an answer with errors, or with extensions, to Apollo Server', async () => {
    const failed = completeBody(await execute(request('{ items(count: 500) { id broken } }'), async () => ({})));
    expect(failed.pieces).toBeUndefined();
    const answer = JSON.parse(failed.string) as { data: { items: unknown[] }; errors: unknown[] };
    expect(answer.errors).toHaveLength(500);
    expect(answer.data.items).toHaveLength(500);

    const traced = completeBody(await execute(request(LARGE, [['apollo-federation-include-trace', 'ftv1']]), async () => ({})));
    expect(traced.pieces).toBeUndefined();
    expect((JSON.parse(traced.string) as { extensions: { ftv1: string } }).extensions.ftv1).toEqual(expect.any(String));
  });

  it('answers a request that was not run through it (express’s) with Apollo Server’s whole text', async () => {
    const answer = await apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest: request(LARGE), context: async () => ({}) });
    const body = completeBody(answer);
    expect(body.pieces).toBeUndefined();
    expect(body.string).toBe(expectedText(2000));
  });

  describe('written over HTTP', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      server = createServer((req, res) => {
        req.resume();
        void execute(request(req.url === '/large' ? LARGE : '{ items(count: 1) { id name } }'), async () => ({})).then((answer) => writeCompleteBody(res, completeBody(answer)));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('sends the pieces with the Content-Length of their bytes', async () => {
      for (const [path, count] of [['/large', 2000], ['/small', 1]] as const) {
        const response = await fetch(`${url}${path}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(response.headers.get('transfer-encoding')).toBeNull();
        expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
        expect(bytes.toString('utf8')).toBe(expectedText(count));
      }
    });
  });
});
