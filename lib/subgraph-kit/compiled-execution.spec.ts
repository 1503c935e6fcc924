import { ApolloServer, HeaderMap } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginInlineTrace } from '@apollo/server/plugin/inlineTrace';
import { buildSchema, GraphQLError, type GraphQLObjectType } from 'graphql';
import { DATA_ONLY_HEADER } from '../net';
import { compiledExecution } from './compiled-execution';

interface Item {
  id: number;
  name: string;
  tags: string[];
}

/** A schema whose resolvers count their runs, and whose `broken` field fails as asked. */
function fixture() {
  const schema = buildSchema(`
    type Item { id: Int! name: String! tags: [String!]! broken: String }
    type Query { items(count: Int!): [Item!]! item(id: Int!): Item }
    type Mutation { rename(id: Int!, name: String!): Item! }
  `);
  const runs = { items: 0, broken: 0, rename: 0 };
  const items = (count: number): Item[] => Array.from({ length: count }, (_, index) => ({ id: index, name: `item ${index}`, tags: ['a', 'b'] }));
  const fields = schema.getQueryType()!.getFields();
  fields.items.resolve = (_root, { count }: { count: number }) => {
    runs.items++;
    return items(count);
  };
  fields.item.resolve = (_root, { id }: { id: number }) => (id < 0 ? null : items(id + 1)[id]);
  (schema.getType('Item') as GraphQLObjectType).getFields().broken.resolve = async () => {
    runs.broken++;
    throw new GraphQLError('This field fails', { extensions: { code: 'BROKEN' } });
  };
  schema.getMutationType()!.getFields().rename.resolve = (_root, { id, name }: { id: number; name: string }) => {
    runs.rename++;
    return { id, name, tags: [] };
  };
  return { schema, runs };
}

function serverFor(schema: ReturnType<typeof fixture>['schema']) {
  return new ApolloServer({
    schema,
    formatError: (formatted) => ({ message: formatted.message, extensions: { code: formatted.extensions?.code } }),
    plugins: [ApolloServerPluginInlineTraceDisabled(), compiledExecution(schema)],
  });
}

type Answer = { data?: Record<string, unknown> | null; errors?: unknown[] };

/** The answer, and whether it says it is data alone. */
async function answered(server: ApolloServer, query: string, variables?: Record<string, unknown>, headers: Array<[string, string]> = []) {
  const response = await server.executeOperation({
    query,
    variables,
    http: { method: 'POST', headers: new HeaderMap([['content-type', 'application/json'], ...headers]), search: '', body: {} },
  });
  if (response.body.kind !== 'single') throw new Error('expected a single result');
  return { answer: response.body.singleResult as Answer, dataOnly: response.http.headers.get(DATA_ONLY_HEADER) === '1' };
}

async function run(server: ApolloServer, query: string, variables?: Record<string, unknown>, headers: Array<[string, string]> = []): Promise<Answer> {
  return (await answered(server, query, variables, headers)).answer;
}

/** graphql-js answers objects without a prototype; the compiled query answers plain ones: how a test tells who ran it. */
const ranCompiled = (answer: Answer) => Object.getPrototypeOf(answer.data) === Object.prototype;

describe('compiledExecution', () => {
  const { schema, runs } = fixture();
  const server = serverFor(schema);

  beforeAll(() => server.start());
  afterAll(() => server.stop());

  const LIST = 'query List($count: Int!) { items(count: $count) { id name tags } }';

  it('runs a query by graphql-js the first time and compiled after, with the same answer', async () => {
    const first = await run(server, LIST, { count: 3 });
    const second = await run(server, LIST, { count: 3 });
    const third = await run(server, LIST, { count: 2 });
    expect(ranCompiled(first)).toBe(false);
    expect(ranCompiled(second)).toBe(true);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(third.data).toEqual({ items: [{ id: 0, name: 'item 0', tags: ['a', 'b'] }, { id: 1, name: 'item 1', tags: ['a', 'b'] }] });
  });

  it('says a compiled answer is data alone, and nothing of one with errors', async () => {
    const query = '{ items(count: 1) { id } }';
    expect(await answered(server, query)).toEqual({ answer: { data: { items: [{ id: 0 }] } }, dataOnly: false });
    expect(await answered(server, query)).toEqual({ answer: { data: { items: [{ id: 0 }] } }, dataOnly: true });
    const failing = '{ item(id: 2) { broken } }';
    await answered(server, failing);
    const failed = await answered(server, failing);
    expect(failed.answer.errors).toHaveLength(1);
    expect(failed.dataOnly).toBe(false);
  });

  it('answers a compiled query that met an error exactly as graphql-js does, formatted as any other', async () => {
    const query = '{ item(id: 1) { id broken } }';
    const first = await run(server, query);
    const before = runs.broken;
    const second = await run(server, query);
    expect(second).toEqual(first);
    expect(second).toEqual({ data: { item: { id: 1, broken: null } }, errors: [{ message: 'This field fails', extensions: { code: 'BROKEN' } }] });
    // Once compiled, once again by graphql-js.
    expect(runs.broken - before).toBe(2);
  });

  it('answers bad variables of a compiled query as graphql-js does', async () => {
    await run(server, LIST, { count: 1 });
    const bad = await run(server, LIST, { count: 'many' });
    expect(bad.data).toBeUndefined();
    expect(bad.errors).toEqual([expect.objectContaining({ message: expect.stringContaining('$count') })]);
  });

  it('leaves mutations to graphql-js, each run once', async () => {
    const mutation = 'mutation { rename(id: 4, name: "four") { id name } }';
    const before = runs.rename;
    const answers = [await run(server, mutation), await run(server, mutation)];
    expect(answers.map(ranCompiled)).toEqual([false, false]);
    expect(answers[1].data).toEqual({ rename: { id: 4, name: 'four' } });
    expect(runs.rename - before).toBe(2);
  });

  it('leaves a request that asks for its federated trace to graphql-js', async () => {
    const traced = new ApolloServer({ schema, plugins: [ApolloServerPluginInlineTrace(), compiledExecution(schema)] });
    await traced.start();
    try {
      const query = '{ items(count: 1) { id } }';
      await run(traced, query);
      const response = await traced.executeOperation({
        query,
        http: { method: 'POST', headers: new HeaderMap([['apollo-federation-include-trace', 'ftv1']]), search: '', body: {} },
      });
      if (response.body.kind !== 'single') throw new Error('expected a single result');
      expect(ranCompiled(response.body.singleResult as Answer)).toBe(false);
      expect(response.body.singleResult.extensions?.ftv1).toEqual(expect.any(String));
    } finally {
      await traced.stop();
    }
  });
});
