import { gzipSync } from 'node:zlib';
import { bearer, postJson, send, type JsonResponse } from '../support/http';
import { signUp, type TestUser } from '../support/accounts';
import { appToken, installedApp } from '../support/store';
import { feedUrl, registerReader, type Reader } from '../support/feed';
import { describeEachDatabase, type StackTarget } from '../support/targets';
import { newKey, newOperator, newWorkflow, type NewWorkflow, type Operator } from '../support/tenants';
import { guardSnapshot, sdkHeaders } from '../support/guard-fixtures';
import { SCOPES } from '../../subgraphs/store/services/apps/scopes';

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const json = (value: unknown) => JSON.stringify(value);
/** JSON nested `depth` deep, as text: JSON.stringify would recurse as deep itself. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** No response may carry a stack trace or an absolute path of ours, whatever its status. */
function expectNoInternals(response: JsonResponse): void {
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
  expect(text).not.toMatch(/stacktrace|\bat .+\(\/|\/node_modules\/|<html|<!DOCTYPE/i);
  expect(text).not.toContain(process.cwd());
}

interface World {
  user: TestUser;
  reader: Reader;
  operator: Operator;
  workflow: NewWorkflow;
  key: string;
}

/** What a bad request could have changed: the accounts user, the feed reader, the workflow. */
async function snapshot(target: StackTarget, world: World) {
  const login = await postJson(`${target.shimUrl}/auth/login`, { username: world.user.username, password: world.user.password });
  const me = await send(feedUrl(target, '/api/user/me', world.reader.token));
  const guard = await guardSnapshot(target, world.operator, world.workflow.id);
  return { login: login.status, me: me.body, guard };
}

describeEachDatabase('hardening: bad input is a 4xx, never a 5xx', (target) => {
  let world: World;

  beforeAll(async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator, 500);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    world = { user: await signUp(target), reader: await registerReader(target), operator, workflow, key };
  });

  it('refuses NUL and lone surrogates in every looked-up string with 400 naming the field, in each API’s body', async () => {
    const before = await snapshot(target, world);
    const guard = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
      send(`${target.shimUrl}/api/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...sdkHeaders(world.key), ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : json(body),
      });

    for (const bad of [NUL, LONE_SURROGATE]) {
      const cases: Array<[string, Promise<JsonResponse>, string, 'accounts' | 'feed' | 'guard']> = [
        ['login username', postJson(`${target.shimUrl}/auth/login`, { username: `${world.user.username}${bad}`, password: world.user.password }), 'username', 'accounts'],
        ['feed login email', postJson(feedUrl(target, '/api/user/login'), { email: `${world.reader.email}${bad}`, password: world.reader.password }), 'email', 'feed'],
        ['feed access_token', send(feedUrl(target, '/api/user/me', `${world.reader.token}${bad}`)), 'access_token', 'feed'],
        ['gate workflow_id', guard('/gate', { workflow_id: `${world.workflow.id}${bad}`, model: 'gpt-4o', estimated_tokens: 10 }), 'workflow_id', 'guard'],
        ['gate execution_id', guard('/gate', { execution_id: `e${bad}`, model: 'gpt-4o', estimated_tokens: 10 }), 'execution_id', 'guard'],
        ['gate chain_id', guard('/gate', { chain_id: `c${bad}`, chain_op: 'start' }), 'chain_id', 'guard'],
        // The protocol spells the field `input` as `body` (its name for GraphQL's `input` argument).
        ['gate input', guard('/gate', { tool: 'search', input: { deep: [`x${bad}`] } }), 'body', 'guard'],
        ['track reservation_id', guard('/track', { reservation_id: `r${bad}`, input_tokens: 5 }), 'reservation_id', 'guard'],
        ['heartbeat chain_id', guard('/heartbeat', { chain_id: `c${bad}` }), 'chain_id', 'guard'],
        ['cancel execution_id', guard('/cancel', { execution_id: `e${bad}` }), 'execution_id', 'guard'],
        ['status path', guard(`/status/${encodeURIComponent(`${world.workflow.id}${bad === NUL ? NUL : ''}`)}`), 'workflow_id', 'guard'],
        ['kill path', guard(`/workflows/x${encodeURIComponent(NUL)}/kill`, {}, bearer(world.operator.token)), 'id', 'guard'],
      ];
      for (const [name, request, field, api] of cases) {
        // A URL cannot carry a lone surrogate (it is sent as U+FFFD).
        if (bad === LONE_SURROGATE && (name === 'status path' || name === 'feed access_token')) continue;
        const response = await request;
        expectNoInternals(response);
        expect({ name, status: response.status }).toEqual({ name, status: 400 });
        if (api === 'accounts') expect(response.body).toEqual({ error: expect.stringContaining(field), field });
        if (api === 'feed') expect(response.body).toEqual({ message: expect.stringContaining(field), field });
        if (api === 'guard') expect(response.body).toMatchObject({ error_code: 'VALIDATION_FAILED', error_message: expect.stringContaining(field), details: { field }, retry_after_ms: null });
      }
    }
    expect(await snapshot(target, world)).toEqual(before);
  });

  it('refuses a NUL in one /track/batch event as that event’s problem, and counts the rest', async () => {
    const event = (id: string, extra: Record<string, unknown> = {}) => ({ event_id: id, type: 'llm_call', workflow_id: world.workflow.id, model: 'gpt-4o', input_tokens: 1000, ...extra });
    const response = await postJson(
      `${target.shimUrl}/api/v1/track/batch`,
      { events: [event('nul-kept'), event('nul-model', { model: `gpt${NUL}` }), event('nul-meta', { prompt: { words: [`a${NUL}`] } }), event('surrogate-trace', { trace_id: LONE_SURROGATE })] },
      sdkHeaders(world.key),
    );
    expect(response.status).toBe(200);
    expect(response.body.accepted_event_ids).toEqual(['nul-kept']);
    expect(response.body.rejected).toEqual([
      { event_id: 'nul-model', reason: expect.stringContaining('model') },
      { event_id: 'nul-meta', reason: expect.stringContaining('prompt') },
      { event_id: 'surrogate-trace', reason: expect.stringContaining('trace_id') },
    ]);
  });

  it('answers a body that is not what its Content-Encoding says 400, an unknown encoding 415, on every API', async () => {
    const before = await snapshot(target, world);
    const routes: Array<[string, Record<string, string>]> = [
      [`${target.shimUrl}/auth/login`, {}],
      [feedUrl(target, '/api/user/login'), {}],
      [`${target.shimUrl}/api/v1/gate`, sdkHeaders(world.key)],
      [target.gatewayUrl, {}],
    ];
    for (const [url, headers] of routes) {
      // The guard protocol answers every shape failure 400 VALIDATION_FAILED, an unknown encoding too.
      const unknownEncoding = url.includes('/api/v1/') ? 400 : 415;
      for (const [encoding, status] of [['gzip', 400], ['deflate', 400], ['br', 400], ['x-unknown', unknownEncoding]] as const) {
        const response = await send(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-encoding': encoding }, body: '{"username":"x"}' });
        expectNoInternals(response);
        expect({ url, encoding, status: response.status }).toEqual({ url, encoding, status });
        expect(typeof response.body).toBe('object');
      }
    }
    // A real gzip body still reads.
    const gzipped = await send(`${target.shimUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(json({ username: world.user.username, password: world.user.password })),
    });
    expect(gzipped.status).toBe(200);
    expect(await snapshot(target, world)).toEqual(before);
  });

  it('answers a broken gzip body 400 and a 4,500-deep body 400 on every body route the shim documents', async () => {
    const before = await snapshot(target, world);
    const document = (await send(`${target.shimUrl}/openapi.json`)).body as { paths: Record<string, Record<string, unknown>> };
    // The store API checks the app's token and its scopes before the body (store.md's check order),
    // so its routes get a real installation with every scope: the body is what is judged.
    const store = await installedApp(target, [...SCOPES]);
    const routes = Object.entries(document.paths).flatMap(([path, item]) =>
      ['post', 'put', 'patch'].filter((method) => method in item).map((method) => ({
        method: method.toUpperCase(),
        url: `${target.shimUrl}${path.replace('{store_id}', String(store.storeId)).replace(/\{[^}]+\}/g, 'x')}`,
      })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(18);
    const headers = {
      ...sdkHeaders(world.key),
      ...bearer(world.operator.token),
      ...appToken(store.token),
      'user-agent': 'switchyard-hardening-test (ops@example.com)',
      'content-type': 'application/json',
    };
    for (const { method, url } of routes) {
      const gzip = await send(url, { method, headers: { ...headers, 'content-encoding': 'gzip' }, body: '{"a":1}' });
      expect({ method, url, status: gzip.status }).toEqual({ method, url, status: 400 });
      expectNoInternals(gzip);
      const deep = await send(url, { method, headers, body: `{"a":${nested(4_500)}}` });
      expect({ method, url, status: deep.status }).toEqual({ method, url, status: 400 });
    }
    expect(await snapshot(target, world)).toEqual(before);
  });

  it('answers JSON nested 4,500 deep 400 at the shim and the gateway, not 503', async () => {
    const before = await snapshot(target, world);
    const deepLogin = await send(`${target.shimUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"username":${nested(4_500)}}` });
    expect(deepLogin).toMatchObject({ status: 400, body: { error: expect.stringContaining('nests deeper') } });
    const deepGate = await send(`${target.shimUrl}/api/v1/gate`, { method: 'POST', headers: { ...sdkHeaders(world.key), 'content-type': 'application/json' }, body: `{"tool":"search","input":${nested(4_500)}}` });
    expect(deepGate).toMatchObject({ status: 400, body: { error_code: 'VALIDATION_FAILED' } });
    // At the limit (the body 64 deep), the gate still decides: the gateway leaves room for the variables' wrapping.
    const atLimit = await send(`${target.shimUrl}/api/v1/gate`, { method: 'POST', headers: { ...sdkHeaders(world.key), 'content-type': 'application/json' }, body: `{"tool":"search","input":${nested(63)}}` });
    expect(atLimit).toMatchObject({ status: 200, body: { decision: expect.any(String) } });
    const deepVariables = await send(target.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"query":"{ __typename }","variables":{"a":${nested(4_500)}}}` });
    expect(deepVariables).toMatchObject({ status: 400, body: { errors: [{ extensions: { code: 'MALFORMED_BODY', status: 400 } }] } });
    expect(await snapshot(target, world)).toEqual(before);
  });

  it('answers an access_token or Bearer token that cannot be decoded 401, not 503', async () => {
    for (const token of ['€uro', 'a\nb', 'ÿÿÿ']) {
      const response = await send(feedUrl(target, '/api/user/me', token));
      expect({ token, status: response.status }).toEqual({ token, status: 401 });
      expect(response.body).toEqual({ message: expect.any(String) });
    }
    const payload = await send(`${target.shimUrl}/auth/payload`, { headers: { authorization: 'Bearer ÿÿ.ÿÿ' } });
    expect(payload.status).toBe(401);
    const kill = await send(`${target.shimUrl}/api/v1/workflows/${world.workflow.id}/kill`, {
      method: 'POST',
      headers: { 'x-guard-protocol': '3', 'content-type': 'application/json', authorization: 'Bearer %%%.ÿ.ÿ' },
      body: '{}',
    });
    expect(kill).toMatchObject({ status: 401, body: { error_code: 'UNAUTHENTICATED' } });
    expect((await snapshot(target, world)).guard.workflow.state).toBe('Normal');
  });

  it('refuses NUL in GraphQL variables and literals at the gateway with 400 naming the variable', async () => {
    const byVariable = await postJson(target.gatewayUrl, { query: 'query($id: ID!) { workflow(id: $id) { id } }', variables: { id: `w${NUL}` } }, bearer(world.operator.token));
    expect(byVariable).toMatchObject({ status: 400, body: { errors: [{ extensions: { code: 'BAD_USER_INPUT', field: 'id' } }] } });
    const byLiteral = await postJson(target.gatewayUrl, { query: '{ workflow(id: "w\\u0000") { id } }' }, bearer(world.operator.token));
    expect(byLiteral).toMatchObject({ status: 400, body: { errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] } });
    const surrogate = await postJson(target.gatewayUrl, { query: 'query($id: ID!) { workflow(id: $id) { id } }', variables: { id: LONE_SURROGATE } }, bearer(world.operator.token));
    expect(surrogate.status).toBe(400);
  });

  it('answers the gateway’s own refusals as JSON GraphQL errors without stack traces', async () => {
    // Request errors are 200 under application/json (GraphQL over HTTP; docs/graphql-over-http.md), HTTP faults 4xx.
    const wrongName = await postJson(target.gatewayUrl, { query: 'query A { __typename }', operationName: 'B' });
    expect(wrongName).toMatchObject({ status: 200, body: { errors: [{ extensions: { code: 'OPERATION_RESOLUTION_FAILURE', status: 400 } }] } });
    const twoNamed = await postJson(target.gatewayUrl, { query: 'query A { __typename } query B { __typename }' });
    expect(twoNamed).toMatchObject({ status: 200, body: { errors: [{ extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } }] } });
    const twoNamedStrict = await postJson(target.gatewayUrl, { query: 'query A { __typename } query B { __typename }' }, { accept: 'application/graphql-response+json' });
    expect(twoNamedStrict).toMatchObject({ status: 400, body: { errors: [{ extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } }] } });
    const twoAnonymous = await postJson(target.gatewayUrl, { query: '{ __typename } { __typename }' });
    expect(twoAnonymous).toMatchObject({ status: 200, body: { errors: [{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] } });
    const malformed = await send(target.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' });
    expect(malformed).toMatchObject({ status: 400, body: { errors: [{ extensions: { code: 'MALFORMED_BODY', status: 400 } }] } });
    const tooLarge = await postJson(target.gatewayUrl, { query: '{ __typename }', padding: 'p'.repeat(1_100_000) });
    expect(tooLarge).toMatchObject({ status: 413, body: { errors: [{ extensions: { code: 'PAYLOAD_TOO_LARGE', status: 413 } }] } });
    const invalid = await postJson(target.gatewayUrl, { query: '{ nope }' });
    expect(invalid).toMatchObject({ status: 200, body: { errors: [{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] } });
    for (const response of [wrongName, twoNamed, twoAnonymous, malformed, tooLarge, invalid]) {
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expectNoInternals(response);
    }
  });
});
