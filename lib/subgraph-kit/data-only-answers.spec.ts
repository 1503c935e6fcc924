import { ApolloServer, HeaderMap } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginInlineTrace } from '@apollo/server/plugin/inlineTrace';
import { buildSchema, GraphQLError } from 'graphql';
import { DATA_ONLY_HEADER } from '../net';
import { compiledExecution } from './compiled-execution';
import { dataOnlyAnswers } from './data-only-answers';
import { TRACE_REQUEST_HEADER } from './inline-trace';

const schema = buildSchema('type Query { name: String! broken: String }');
const rootValue = {
  name: () => 'Açaí ☕',
  broken: () => {
    throw new GraphQLError('This field fails');
  },
};

async function headerOf(server: ApolloServer, query: string, headers: Array<[string, string]> = []) {
  const response = await server.executeOperation({ query, http: { method: 'POST', headers: new HeaderMap([['content-type', 'application/json'], ...headers]), search: '', body: {} } });
  return { header: response.http.headers.get(DATA_ONLY_HEADER), body: response.body.kind === 'single' ? response.body.singleResult : undefined };
}

describe('data-only answers', () => {
  const server = new ApolloServer({
    schema,
    rootValue,
    plugins: [ApolloServerPluginInlineTraceDisabled(), dataOnlyAnswers(), compiledExecution(schema)],
  });
  const traced = new ApolloServer({ schema, rootValue, plugins: [ApolloServerPluginInlineTrace(), dataOnlyAnswers()] });
  afterAll(() => Promise.all([server.stop(), traced.stop()]));

  it('says so of an answer of data alone, run by graphql-js or compiled', async () => {
    expect(await headerOf(server, 'query Name { name }')).toEqual({ header: '1', body: { data: { name: 'Açaí ☕' } } });
    // The second run of a document is compiled.
    expect(await headerOf(server, 'query Name { name }')).toEqual({ header: '1', body: { data: { name: 'Açaí ☕' } } });
  });

  it('says nothing of an answer with errors, of one refused, or of one that carries its trace', async () => {
    const failed = await headerOf(server, '{ name broken }');
    expect(failed.body?.errors).toHaveLength(1);
    expect(failed.header).toBeUndefined();
    const refused = await headerOf(server, '{ nothing }');
    expect(refused.body?.errors).toHaveLength(1);
    expect(refused.header).toBeUndefined();
    const withTrace = await headerOf(traced, '{ name }', [[TRACE_REQUEST_HEADER, 'ftv1']]);
    expect(withTrace.body?.extensions).toHaveProperty('ftv1');
    expect(withTrace.header).toBeUndefined();
  });
});
