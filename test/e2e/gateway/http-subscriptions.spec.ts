import jwt from 'jsonwebtoken';
import { bearer, postJson } from '../../support/http';
import { eventually } from '../../support/eventually';
import { sampleSum, scrape } from '../../support/scrape';
import { describeEachDatabase, type StackTarget } from '../../support/targets';
import { newKey, newOperator, newWorkflow } from '../../support/tenants';
import { decodeClaims, stackSigningKey } from '../../support/tokens';
import { control } from '../../support/guard-fixtures';
import { CONTROL_SUBSCRIPTION, overApolloHttp, overGraphqlWs, overSse, type HeardStream } from './subscription-clients';

/** Subscriptions the gateway holds open at the subgraphs for its subscribers over `transport`. */
const upstreams = async (target: StackTarget, transport: 'sse' | 'multipart') =>
  sampleSum(await scrape(`http://127.0.0.1:${target.env.GATEWAY_METRICS_PORT}/metrics`), 'gateway_upstream_subscriptions', { transport });

const isInitial = (signal: { __typename: string }) => signal.__typename === 'InitialState';
const isChange = (signal: { __typename: string }) => signal.__typename === 'StateChange';

describeEachDatabase('gateway: subscriptions over HTTP (GraphQL over SSE, multipart)', (target) => {
  const open: HeardStream[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((stream) => stream.close()));
  });
  const subscribe = (...streams: HeardStream[]) => {
    open.push(...streams);
    return streams;
  };

  it('delivers the workflowControl stream over graphql-sse and Apollo HttpLink as over graphql-ws: same order, same payloads', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const variables = { org: operator.organisationId, initialState: true };
    const headers = bearer(operator.token);
    const streams = subscribe(overGraphqlWs(target.gatewayUrl, headers, variables), overSse(target.gatewayUrl, headers, variables), overApolloHttp(target.gatewayUrl, headers, variables));
    for (const stream of streams) await stream.signals.take(isInitial);

    await control(target, operator, 'pauseWorkflow', workflow.id, 'looking');
    await control(target, operator, 'resumeWorkflow', workflow.id, 'fine');
    await control(target, operator, 'killWorkflow', workflow.id, 'runaway');
    for (const stream of streams) {
      for (let change = 0; change < 3; change += 1) await stream.signals.take(isChange);
    }
    const [ws, sse, apollo] = streams;
    expect(ws.signals.received.map((signal) => signal.state ?? signal.__typename)).toEqual(['InitialState', 'Paused', 'Normal', 'Killed']);
    expect(ws.signals.received[0].workflows).toEqual([{ __typename: expect.any(String), workflowId: workflow.id, state: 'Normal', version: 1 }]);
    expect(sse.signals.received).toEqual(ws.signals.received);
    expect(apollo.signals.received).toEqual(ws.signals.received);
    expect(streams.flatMap((stream) => stream.errors)).toEqual([]);
  });

  it('releases the upstream subscription when an SSE or multipart subscriber goes away', async () => {
    const operator = await newOperator(target);
    const variables = { org: operator.organisationId, initialState: true };
    const [sseBefore, multipartBefore] = [await upstreams(target, 'sse'), await upstreams(target, 'multipart')];
    const [sse, apollo] = subscribe(overSse(target.gatewayUrl, bearer(operator.token), variables), overApolloHttp(target.gatewayUrl, bearer(operator.token), variables));
    await sse.signals.take(isInitial);
    await apollo.signals.take(isInitial);
    expect(await upstreams(target, 'sse')).toBe(sseBefore + 1);
    expect(await upstreams(target, 'multipart')).toBe(multipartBefore + 1);

    await sse.close();
    await apollo.close();
    await eventually(async () => (await upstreams(target, 'sse')) === sseBefore && (await upstreams(target, 'multipart')) === multipartBefore, 10_000, 'upstream subscriptions released');
  });

  it('ends the stream with UNAUTHENTICATED when the bearer token it was started with expires', async () => {
    const operator = await newOperator(target);
    const [head] = operator.token.split('.');
    const { kid } = JSON.parse(Buffer.from(head, 'base64url').toString()) as { kid: string };
    const now = Math.floor(Date.now() / 1000);
    const shortLived = jwt.sign({ ...decodeClaims(operator.token), iat: now, exp: now + 3 }, stackSigningKey(target), { algorithm: 'RS256', keyid: kid });
    const variables = { org: operator.organisationId, initialState: true };
    const streams = subscribe(overGraphqlWs(target.gatewayUrl, bearer(shortLived), variables), overSse(target.gatewayUrl, bearer(shortLived), variables), overApolloHttp(target.gatewayUrl, bearer(shortLived), variables));
    for (const stream of streams) {
      await stream.signals.take(isInitial);
      await stream.ended;
    }
    const [ws, sse, apollo] = streams;
    expect(ws.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })]);
    expect(sse.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })]);
    expect(apollo.errors).toEqual([expect.objectContaining({ errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })] })]);
  });

  it('ends the stream of a key bound to a workflow with an error once that workflow is killed, over every transport', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const variables = { org: operator.organisationId, initialState: true };
    const headers = { 'x-api-key': key };
    const streams = subscribe(overGraphqlWs(target.gatewayUrl, headers, variables), overSse(target.gatewayUrl, headers, variables), overApolloHttp(target.gatewayUrl, headers, variables));
    const operatorWide = subscribe(overSse(target.gatewayUrl, bearer(operator.token), variables))[0];
    for (const stream of [...streams, operatorWide]) await stream.signals.take(isInitial);

    const killed = await control(target, operator, 'killWorkflow', workflow.id, 'runaway');
    for (const stream of streams) {
      expect(await stream.signals.take(isChange)).toEqual({ __typename: 'StateChange', workflowId: workflow.id, state: 'Killed', version: killed.version, reason: 'runaway' });
      await stream.ended;
    }
    const ended = expect.objectContaining({ message: expect.stringMatching(/was killed/), extensions: expect.objectContaining({ code: 'CONFLICT' }) });
    const [ws, sse, apollo] = streams;
    expect(ws.errors).toEqual([ended]);
    expect(sse.errors).toEqual([ended]);
    expect(apollo.errors).toEqual([expect.objectContaining({ errors: [ended] })]);
    // The operator's stream of the whole organisation goes on.
    await operatorWide.signals.take(isChange);
    await control(target, operator, 'pauseWorkflow', (await newWorkflow(target, operator)).id);
    expect(await operatorWide.signals.take((signal) => signal.state === 'Paused')).toMatchObject({ __typename: 'StateChange', state: 'Paused' });
    expect(operatorWide.errors).toEqual([]);
  });

  it('refuses, before any stream opens and changing nothing: a query or mutation over SSE, a malformed body, a plain POST of a subscription', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const stream = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${target.gatewayUrl}/stream`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...bearer(operator.token), ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

    const query = await stream({ query: '{ guardCapabilities { protocolVersion } }' });
    expect(query.status).toBe(400);
    expect(await query.json()).toEqual({ errors: [expect.objectContaining({ message: expect.stringMatching(/Only subscriptions are served over the event stream/), extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })] });
    const kill = await stream({ query: 'mutation($id: ID!) { killWorkflow(id: $id, reason: "over SSE") { state } }', variables: { id: workflow.id } });
    expect(kill.status).toBe(400);
    const state = await postJson(target.gatewayUrl, { query: 'query($id: ID!) { workflow(id: $id) { state } }', variables: { id: workflow.id } }, bearer(operator.token));
    expect(state.body).toMatchObject({ data: { workflow: { state: 'Normal' } } });

    const malformed = await stream('{"query": "subscription {');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'MALFORMED_BODY' }) })] });
    const unparsable = await stream({ query: 'subscription {' });
    expect(unparsable.status).toBe(400);

    const plain = await postJson(target.gatewayUrl, { query: CONTROL_SUBSCRIPTION, variables: { org: operator.organisationId, initialState: true } }, bearer(operator.token));
    expect(plain.status).toBe(400);
    expect(plain.body).toEqual({ errors: [expect.objectContaining({ message: expect.stringMatching(/multipart/), extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })] });
  });

  it('tells an unauthenticated subscriber so in its stream, and ends it', async () => {
    const operator = await newOperator(target);
    const variables = { org: operator.organisationId, initialState: true };
    const [sse, apollo] = subscribe(overSse(target.gatewayUrl, {}, variables), overApolloHttp(target.gatewayUrl, {}, variables));
    await sse.ended;
    await apollo.ended;
    expect(sse.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })]);
    expect(apollo.errors).toEqual([expect.objectContaining({ errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })] })]);
    expect(sse.signals.received).toEqual([]);
  });

  it('speaks both wires as their clients expect: an SSE keep-alive comment first and a complete event last (GET), multipart heartbeat, payloads and final boundary', async () => {
    const operator = await newOperator(target);
    const search = new URLSearchParams({ query: CONTROL_SUBSCRIPTION, variables: JSON.stringify({ org: operator.organisationId, initialState: true }) });
    // Unauthenticated: the subgraph refuses, so each stream carries one error and ends.
    const sse = await fetch(`${target.gatewayUrl}/stream?${search}`, { headers: { accept: 'text/event-stream' } });
    expect(sse.status).toBe(200);
    expect(sse.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = await sse.text();
    expect(events.startsWith(':\n\n')).toBe(true);
    expect(events).toMatch(/event: next\ndata: \{"errors":\[\{"message":"[^"]+".*"code":"UNAUTHENTICATED"/);
    expect(events.endsWith('event: complete\ndata:\n\n')).toBe(true);

    const multipart = await fetch(target.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed;boundary="graphql";subscriptionSpec="1.0",application/json' },
      body: JSON.stringify({ query: CONTROL_SUBSCRIPTION, variables: { org: operator.organisationId, initialState: true } }),
    });
    expect(multipart.status).toBe(200);
    expect(multipart.headers.get('content-type')).toBe('multipart/mixed;boundary="graphql";subscriptionSpec="1.0"');
    const parts = (await multipart.text()).split('\r\n--graphql');
    expect(parts[0]).toBe('');
    expect(parts.at(-1)).toBe('--\r\n');
    const bodies = parts.slice(1, -1).map((part) => JSON.parse(part.split('\r\n\r\n')[1]));
    expect(bodies[0]).toEqual({});
    expect(bodies.at(-1)).toEqual({ payload: { errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })] } });
  });
});
