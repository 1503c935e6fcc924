import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { request } from 'undici';
import { createLogger } from '../../lib/logging';
import { AllowedHosts } from '../../lib/net';
import { GatewayOperationError, type GraphExecutor, type Operation } from '../../lib/graph-client';
import { requestBookkeeping } from '../../lib/operations';
import { MAX_JSON_DEPTH } from '../../lib/validation';
import { buildShimApp } from '../shim-server';
import { RouteFront } from './route-front';
import { ShimGateway } from './shim-gateway';

interface Call {
  operation: string;
  variables: unknown;
  headers: Record<string, string>;
}

const DECISION = {
  decision: 'allow',
  explanation: 'Allowed',
  explanations: [],
  reservationId: 'res-1',
  operationId: 'op-1',
  executionId: 'exec-1',
  workflowId: 'wf-1',
  remainingBudgetCents: 100,
  projectedCostCents: 1,
  details: {},
  approvalId: null,
  approvalTimeoutSeconds: null,
};
const BRAND = { _id: 'b1', availability: 'open', featuredImage: null, url: null, description: 'd', name: 'Brand', isFeatured: false, products: [], subscriberCount: 3 };

/** The gateway as a table of canned answers; a gate call for the tool `throttled` is refused as the guard refuses it. */
class CannedGraph implements GraphExecutor {
  readonly calls: Call[] = [];

  async run<Result, Variables>(operation: Operation<Result, Variables>, variables: Variables, headers: Record<string, string>): Promise<Result> {
    const { 'x-request-id': _id, ...sent } = headers;
    this.calls.push({ operation: operation.name, variables, headers: sent });
    if ((variables as { input?: { tool?: string } }).input?.tool === 'throttled') {
      throw new GatewayOperationError({ message: 'Too many requests for this API key', extensions: { code: 'RATE_LIMIT_EXCEEDED', details: { retry_after_ms: 2500 } } });
    }
    const answers: Record<string, unknown> = { Gate: { gate: DECISION }, FeedBrands: { brands: [BRAND] }, FeedBrand: { brand: BRAND } };
    if (!(operation.name in answers)) throw new Error(`no canned answer for ${operation.name}`);
    return answers[operation.name] as Result;
  }

  async close(): Promise<void> {}
}

interface Answer {
  status: number;
  type: string | undefined;
  retryAfter: string | undefined;
  hasRequestId: boolean;
  body: string;
  calls: Call[];
}

const PROTOCOL = { 'x-guard-protocol': '3', 'x-api-key': 'key-1' };
const JSON_TYPE = { 'content-type': 'application/json' };
const GATE = { tool: 'search', model: 'gpt-4o-mini', estimated_tokens: 800 };
const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });

describe('RouteFront', () => {
  const graph = new CannedGraph();
  const logger = createLogger('rest-shim', 'silent');
  const allowedHosts = new AllowedHosts(['127.0.0.1']);
  const front = new RouteFront();
  const app = buildShimApp(new ShimGateway(graph, 'internal-token'), logger, allowedHosts, { front });
  let expressTook = 0;
  const countedApp = Object.assign((req: never, res: never) => {
    expressTook += 1;
    return app(req, res);
  }, app) as unknown as Express;
  const viaFront = createServer(front.listener(countedApp, { bookkeeping: requestBookkeeping(logger), allowedHosts, trustedProxies: () => false }));
  const viaExpress = createServer(app);
  const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    await Promise.all([viaFront, viaExpress].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  });
  afterAll(async () => {
    await Promise.all([viaFront, viaExpress].map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function send(server: Server, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
    graph.calls.length = 0;
    // The caller's request id, so that error bodies (which quote it) compare equal.
    const answer = await request(origin(server) + path, { method, headers: { 'x-request-id': 'front-spec', ...headers }, body });
    const text = await answer.body.text();
    const header = (name: string) => answer.headers[name] as string | undefined;
    return { status: answer.statusCode, type: header('content-type'), retryAfter: header('retry-after'), hasRequestId: !!header('x-request-id'), body: text, calls: [...graph.calls] };
  }

  /** The same request through the front and through express alone: the same answer and the same call to the graph. */
  async function sameAnswer(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string | Buffer): Promise<{ answer: Answer; frontTook: boolean }> {
    const before = expressTook;
    const fronted = await send(viaFront, method, path, headers, body);
    const frontTook = expressTook === before;
    const plain = await send(viaExpress, method, path, headers, body);
    expect(fronted).toEqual(plain);
    return { answer: fronted, frontTook };
  }

  it('answers a gate call as express does, with the body digest the guard checks signatures with', async () => {
    const { answer, frontTook } = await sameAnswer('POST', '/api/v1/gate', { ...PROTOCOL, ...JSON_TYPE }, JSON.stringify(GATE));
    expect(frontTook).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toMatchObject({ decision: 'allow', reservation_id: 'res-1', decision_source: 'gateway' });
    expect(answer.calls).toHaveLength(1);
    expect(answer.calls[0].headers).toMatchObject({ 'x-api-key': 'key-1' });
    expect(answer.calls[0].headers['x-switchyard-body-sha256']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists brands as express does', async () => {
    const { answer, frontTook } = await sameAnswer('GET', '/api/brand/list', {});
    expect(frontTook).toBe(true);
    expect(JSON.parse(answer.body)).toEqual([{ ...BRAND, products: [] }]);
  });

  it.each([
    ['no protocol header', { ...JSON_TYPE, 'x-api-key': 'key-1' }, JSON.stringify(GATE), 400],
    ['a protocol too new', { ...PROTOCOL, 'x-guard-protocol': '9', ...JSON_TYPE }, JSON.stringify(GATE), 400],
    ['malformed JSON', { ...PROTOCOL, ...JSON_TYPE }, '{"tool": ', 400],
    ['a JSON string (the protocol parses objects only)', { ...PROTOCOL, ...JSON_TYPE }, '"search"', 400],
    ['a JSON array', { ...PROTOCOL, ...JSON_TYPE }, '[1, 2]', 400],
    ['a field of the wrong type', { ...PROTOCOL, ...JSON_TYPE }, JSON.stringify({ ...GATE, estimated_tokens: 'many' }), 400],
    ['a NUL in a string', { ...PROTOCOL, ...JSON_TYPE }, JSON.stringify({ ...GATE, tool: 'se\u0000arch' }), 400],
    ['nesting past the limit', { ...PROTOCOL, ...JSON_TYPE }, JSON.stringify({ ...GATE, metadata: nested(MAX_JSON_DEPTH + 2) }), 400],
    ['a refusal from the graph (429 with Retry-After)', { ...PROTOCOL, ...JSON_TYPE }, JSON.stringify({ ...GATE, tool: 'throttled' }), 429],
  ])('refuses %s in the protocol’s envelope, as express does', async (_case, headers, body, status) => {
    const { answer, frontTook } = await sameAnswer('POST', '/api/v1/gate', headers, body);
    expect(frontTook).toBe(true);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toHaveProperty('error_code');
    if (status === 400) expect(answer.calls).toEqual([]);
  });

  it('reads a body with a byte-order mark as express’s parser does', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(GATE))]);
    const { answer, frontTook } = await sameAnswer('POST', '/api/v1/gate', { ...PROTOCOL, ...JSON_TYPE }, body);
    expect(frontTook).toBe(true);
    expect(answer.status).toBe(200);
  });

  it('reads any JSON value where the API’s parser is not strict (the feed)', async () => {
    const { answer, frontTook } = await sameAnswer('POST', '/api/user/login', JSON_TYPE, '3');
    expect(frontTook).toBe(true);
    expect(answer.status).toBe(400);
    expect(answer.calls).toEqual([]);
  });

  it.each([
    ['a path parameter', '/api/brand/b1', {}, 200],
    ['an encoded path parameter', '/api/brand/b%201', {}, 200],
    ['a query string the route ignores', '/api/brand/list?access_token=t&access_token=u', {}, 200],
    ['a parameter and a query the declaration checks', '/api/v1/orgs/o1/usage?window=1h&window=7d', PROTOCOL, 400],
  ] as const)('reads %s as express does', async (_case, path, headers, status) => {
    const { answer, frontTook } = await sameAnswer('GET', path, headers);
    expect(frontTook).toBe(true);
    expect(answer.status).toBe(status);
    if (status === 400) expect(answer.calls).toEqual([]);
  });

  it('gives the handler the decoded parameter', async () => {
    const { answer } = await sameAnswer('GET', '/api/brand/b%201', {});
    expect(answer.calls).toEqual([expect.objectContaining({ operation: 'FeedBrand', variables: { id: 'b 1' } })]);
  });

  it.each([
    ['/auth/login', '{"email": 3}'],
    ['/user/createFromGitHub', '{"email": "a@b.c"}'],
  ])('answers %s’s faults in the accounts API’s words, as express does', async (path, body) => {
    const { answer, frontTook } = await sameAnswer('POST', path, JSON_TYPE, body);
    expect(frontTook).toBe(true);
    expect(answer.status).toBe(400);
    expect(answer.calls).toEqual([]);
  });

  it.each([
    ['a trailing slash', 'POST', '/api/v1/gate/', { ...PROTOCOL, ...JSON_TYPE }, JSON.stringify(GATE)],
    ['a form body', 'POST', '/api/user/login', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=a%40b.c&password=x'],
    ['another JSON media type', 'POST', '/api/v1/gate', { ...PROTOCOL, 'content-type': 'application/vnd.api+json' }, JSON.stringify(GATE)],
    ['an empty body', 'POST', '/api/v1/gate', { ...PROTOCOL, ...JSON_TYPE }, ''],
    ['a body on a GET', 'GET', '/api/brand/list', JSON_TYPE, '{}'],
    ['a host not allowed', 'GET', '/api/brand/list', { host: 'evil.example' }, undefined],
    ['a path in other letter case', 'GET', '/API/brand/b1', {}, undefined],
    ['a parameter that does not decode', 'GET', '/api/brand/%E0%A4%A', {}, undefined],
  ] as const)('leaves %s to express', async (_case, method, path, headers, body) => {
    const { frontTook } = await sameAnswer(method, path, headers, body);
    expect(frontTook).toBe(false);
  });
});
