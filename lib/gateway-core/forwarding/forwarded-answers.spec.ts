import type { GatewayExecutor, GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import type { QueryPlan } from '@apollo/query-planner';
import { buildSchema, OperationTypeNode, parse } from 'graphql';
import { HeaderMap } from '@apollo/server';
import type { AnswerBytes, IncomingFetch, SubgraphSource } from '../subgraph-fetch/subgraph-source';
import { ForwardedAnswers } from './forwarded-answers';
import { ForwardedData, forwardedBody, stringifyAnswer, type ForwardingNote } from './forwarded-data';
import { bodyPayload, PIECE_LENGTH, type EncodedBody } from '../../net';
import type { GatewayContext } from '../gateway-context';

const schema = buildSchema('type Query { brands(first: Int!): [Brand] } type Brand { id: ID! name: String }');
const QUERY = 'query Brands($first: Int!) { brands(first: $first) { id name } }';
const document = parse(QUERY);
const plan = {
  kind: 'QueryPlan',
  node: { kind: 'Fetch', serviceName: 'feed', operation: 'query Brands__feed__0($first:Int!){brands(first:$first){id name}}', operationName: 'Brands__feed__0', operationKind: OperationTypeNode.QUERY, variableUsages: ['first'] },
} as QueryPlan;

const shaped = { data: { brands: [] } };

/**
 * Forwarding over a feed source that answers `answerBytes` with `answers` in turn (recording what
 * it was asked and kept), around an executor that answers `shaped`.
 */
function forwardingOver(...answers: Array<AnswerBytes | Error>) {
  const asked: IncomingFetch[] = [];
  const kept: unknown[] = [];
  const source = {
    answerBytes: async (options: IncomingFetch) => {
      asked.push(options);
      const answer = answers.shift()!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    keepFor: (_options: IncomingFetch, outcome: Promise<unknown>) => void kept.push(outcome.catch((error: unknown) => error)),
  };
  const executor = jest.fn<ReturnType<GatewayExecutor>, Parameters<GatewayExecutor>>(async () => shaped);
  const forwarding = new ForwardedAnswers(new Map([['feed', source as unknown as SubgraphSource]]));
  return { asked, kept, executor, forwarding, run: forwarding.around(executor) };
}

function request(variables: Record<string, unknown>, answersAsText = true, forwarded?: ForwardingNote) {
  const context: GatewayContext = { requestId: 'r', forwardedHeaders: {}, clientAddress: '127.0.0.1', answersAsText, forwarded };
  return { document, schema, request: { query: QUERY, operationName: 'Brands', variables }, context } as unknown as GatewayGraphQLRequestContext;
}

describe('forwarded answers', () => {
  it("answers a learnt operation with the subgraph's answer, sending the variables the fetch reads", async () => {
    const text = '{"data":{"brands":[{"id":"1","name":"Açaí ☕"}]}}\n';
    const { asked, executor, forwarding, run } = forwardingOver({ bytes: Buffer.from(text) });

    // The first execution is the executor's, which plans (and so teaches the route).
    expect(await run(request({ first: 1 }))).toBe(shaped);
    forwarding.learn({ queryPlan: plan, requestContext: request({ first: 1 }) });
    const answer = await run(request({ first: 1, unused: true }));
    expect(executor).toHaveBeenCalledTimes(1);
    expect(answer.data).toBeInstanceOf(ForwardedData);
    // Without a note in the context, Apollo Server's text of it is the subgraph's.
    expect(stringifyAnswer(answer)).toBe(text);
    expect(JSON.stringify(answer)).toBe('{"data":{"brands":[{"id":"1","name":"Açaí ☕"}]}}');
    expect(asked[0].request).toEqual({ query: plan.node && 'operation' in plan.node && plan.node.operation, variables: { first: 1 }, operationName: 'Brands__feed__0' });
  });

  it('notes a forwarded answer for the request path, whose HTTP answer is the bytes as they came and their text when read', async () => {
    const text = '{"data":{"brands":[{"id":"1","name":"Açaí ☕"}]}}\n';
    const bytes = Buffer.from(text);
    const { forwarding, run } = forwardingOver({ bytes }, { bytes });
    forwarding.learn({ queryPlan: plan, requestContext: request({ first: 1 }) });
    const note: ForwardingNote = {};
    const requestContext = request({ first: 1 }, true, note);
    // Apollo Server runs each operation on a shallow copy of the caller's context.
    const answer = await run({ ...requestContext, context: { ...requestContext.context } });
    expect(note.data).toBe(answer.data);

    const stringified = stringifyAnswer(answer);
    const http = forwardedBody({ status: 200, headers: new HeaderMap([['content-type', 'application/json']]), body: { kind: 'complete', string: stringified } }, note);
    expect(http.status).toBe(200);
    expect(http.headers.get('content-type')).toBe('application/json');
    expect(bodyPayload(http.body as { kind: 'complete'; string: string })).toBe(bytes);
    expect((http.body as { string: string }).string).toBe(text);
    expect({ ...http.body }).toEqual({ kind: 'complete', bytes, string: text });

    // Another answer Apollo made (an error after the data, say) is left as it is.
    const other = { status: 500, headers: new HeaderMap(), body: { kind: 'complete' as const, string: '{"errors":[{"message":"no"}]}\n' } };
    expect(forwardedBody(other, note)).toBe(other);
    // So is one whose data was not forwarded.
    expect(forwardedBody(http, {})).toBe(http);
    // And so is an answer of a note whose data Apollo Server never made text of.
    const again = request({ first: 1 }, true, {});
    expect((await run(again)).data).toBeInstanceOf(ForwardedData);
    const unstringified = { status: 200, headers: new HeaderMap(), body: { kind: 'complete' as const, string: stringified } };
    expect(forwardedBody(unstringified, (again.context as GatewayContext).forwarded!)).toBe(unstringified);
  });

  it('decodes a forwarded answer over 64 KiB into pieces of text, which its HTTP answer is, its bytes let go', async () => {
    const text = `{"data":{"brands":[{"id":"1","name":"${'Açaí ☕'.repeat(10_000)}"}]}}\n`;
    const { forwarding, run } = forwardingOver({ bytes: Buffer.from(text) }, { bytes: Buffer.from(text) });
    forwarding.learn({ queryPlan: plan, requestContext: request({ first: 1 }) });
    const note: ForwardingNote = {};
    const answer = await run(request({ first: 1 }, true, note));
    expect(note.data).toBe(answer.data);
    const http = forwardedBody({ status: 200, headers: new HeaderMap(), body: { kind: 'complete', string: stringifyAnswer(answer) } }, note);
    const body = http.body as EncodedBody;
    expect(body.bytes).toBeUndefined();
    expect(body.pieces!.length).toBeGreaterThan(1);
    expect(body.pieces!.every((piece) => Buffer.byteLength(piece) <= PIECE_LENGTH)).toBe(true);
    expect(body.pieces!.join('')).toBe(text);
    expect(body.string).toBe(text);
    // Without a note, Apollo Server's text of it is the subgraph's, whole.
    expect(stringifyAnswer(await run(request({ first: 1 })))).toBe(text);
  });

  it('hands an answer with errors, or a failed fetch, to the executor to shape, and never calls for refused variables or an embedded caller', async () => {
    const failure = new Error('The feed service is unavailable');
    const { asked, kept, executor, forwarding, run } = forwardingOver({ response: { errors: [{ message: 'no' }] } as never }, failure);
    forwarding.learn({ queryPlan: plan, requestContext: request({ first: 1 }) });

    expect(await run(request({ first: 1 }))).toBe(shaped);
    expect(await run(request({ first: 1 }))).toBe(shaped);
    expect(await Promise.all(kept)).toEqual([{ errors: [{ message: 'no' }] }, failure]);
    // Refused by the API schema as the executor refuses it: the subgraph is not asked.
    expect(await run(request({ first: 'many' }))).toBe(shaped);
    expect(await run(request({ first: 1 }, false))).toBe(shaped);
    expect(asked).toHaveLength(2);
    expect(executor).toHaveBeenCalledTimes(4);
  });

  it('routes nothing over a supergraph that hides anything with @inaccessible', async () => {
    const { asked, executor, forwarding, run } = forwardingOver();
    forwarding.useSupergraph('schema @link(url: "https://specs.apollo.dev/inaccessible/v0.2", for: SECURITY) { query: Query }');
    forwarding.learn({ queryPlan: plan, requestContext: request({ first: 1 }) });
    await run(request({ first: 1 }));
    expect(asked).toHaveLength(0);
    expect(executor).toHaveBeenCalledTimes(1);
  });

  it('follows no route learnt over another schema', async () => {
    const { asked, executor, forwarding, run } = forwardingOver();
    forwarding.learn({ queryPlan: plan, requestContext: { ...request({ first: 1 }), schema: buildSchema('type Query { x: Int }') } });
    await run(request({ first: 1 }));
    expect(asked).toHaveLength(0);
    expect(executor).toHaveBeenCalledTimes(1);
  });
});
