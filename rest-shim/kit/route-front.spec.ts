import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync, deflateSync } from 'node:zlib';
import { request } from 'undici';
import { createLogger } from '../../lib/logging';
import { AllowedHosts, trustProxies } from '../../lib/net';
import { GatewayOperationError, type GraphExecutor, type Operation } from '../../lib/graph-client';
import { MAX_JSON_DEPTH } from '../../lib/validation';
import { buildShimApp } from '../shim-server';
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
    const answers: Record<string, unknown> = {
      Gate: { gate: DECISION },
      FeedBrands: { brands: [BRAND] },
      FeedBrand: { brand: BRAND },
      StoreAccess: { storeAccess: { storeId: 7, appId: 3, store: { mainLanguage: 'es' } } },
      StoreProducts: { products: { products: [], totalCount: 45 } },
    };
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
  headers: Record<string, string | string[] | undefined>;
  body: string;
  calls: Call[];
}


const PROTOCOL = { 'x-guard-protocol': '3', 'x-api-key': 'key-1' };
const JSON_TYPE = { 'content-type': 'application/json' };
const GATE = { tool: 'search', model: 'gpt-4o-mini', estimated_tokens: 800 };
const STORE = { 'user-agent': 'spec (dev@example.com)', authentication: 'bearer token-1' };
const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });

/** A body sent in several chunks, without a declared length (`Transfer-Encoding: chunked`). */
function chunked(text: string): Readable {
  return Readable.from((function* () {
    for (let at = 0; at < text.length; at += 7) yield Buffer.from(text.slice(at, at + 7));
  })());
}

describe('RouteFront: the one request path of every table route', () => {
  const graph = new CannedGraph();
  const allowedHosts = new AllowedHosts(['127.0.0.1']);
  // The spec's client reaches the shim from loopback, here a trusted balancer.
  const app = buildShimApp(new ShimGateway(graph, 'internal-token'), createLogger('rest-shim', 'silent'), allowedHosts, { trustedProxies: trustProxies(['loopback']) });
  const server = createServer(app);
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  async function send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer | Readable): Promise<Answer> {
    graph.calls.length = 0;
    const answer = await request(origin() + path, { method: method as 'GET', headers: { 'x-request-id': 'front-spec', ...headers }, body });
    const text = await answer.body.text();
    const header = (name: string) => answer.headers[name] as string | undefined;
    return { status: answer.statusCode, type: header('content-type'), retryAfter: header('retry-after'), hasRequestId: !!header('x-request-id'), headers: answer.headers, body: text, calls: [...graph.calls] };
  }

  it('answers a gate call with the body digest the guard checks signatures with', async () => {
    const answer = await send('POST', '/api/v1/gate', { ...PROTOCOL, ...JSON_TYPE }, JSON.stringify(GATE));
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toMatchObject({ decision: 'allow', reservation_id: 'res-1', decision_source: 'gateway' });
    expect(answer.calls).toHaveLength(1);
    expect(answer.calls[0].headers).toMatchObject({ 'x-api-key': 'key-1' });
    expect(answer.calls[0].headers['x-switchyard-body-sha256']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists brands', async () => {
    const answer = await send('GET', '/api/brand/list', {});
    expect(answer.status).toBe(200);
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
    // The protocol answers every shape failure 400 (VALIDATION_FAILED): a body too large, an encoding it does not read.
    ['a body past the limit', { ...PROTOCOL, ...JSON_TYPE }, JSON.stringify({ ...GATE, metadata: 'x'.repeat(1024 * 1024) }), 400],
    ['a compressed body that does not inflate', { ...PROTOCOL, ...JSON_TYPE, 'content-encoding': 'gzip' }, 'not gzip', 400],
    ['an encoding it does not read', { ...PROTOCOL, ...JSON_TYPE, 'content-encoding': 'compress' }, JSON.stringify(GATE), 400],
    ['a refusal from the graph (429 with Retry-After)', { ...PROTOCOL, ...JSON_TYPE }, JSON.stringify({ ...GATE, tool: 'throttled' }), 429],
  ])('refuses %s in the protocol’s envelope', async (_case, headers, body, status) => {
    const answer = await send('POST', '/api/v1/gate', headers, body);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toHaveProperty('error_code');
    if (status !== 429) expect(answer.calls).toEqual([]);
  });

  it.each([
    ['with a byte-order mark', { ...PROTOCOL, ...JSON_TYPE }, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(GATE))])],
    ['gzip-compressed', { ...PROTOCOL, ...JSON_TYPE, 'content-encoding': 'gzip' }, gzipSync(JSON.stringify(GATE))],
    ['deflate-compressed', { ...PROTOCOL, ...JSON_TYPE, 'content-encoding': 'deflate' }, deflateSync(JSON.stringify(GATE))],
    ['chunked', { ...PROTOCOL, ...JSON_TYPE }, chunked(JSON.stringify(GATE))],
    ['of another JSON media type', { ...PROTOCOL, 'content-type': 'application/vnd.api+json' }, JSON.stringify(GATE)],
  ])('reads a gate body %s, and signs what it read', async (_case, headers, body) => {
    const answer = await send('POST', '/api/v1/gate', headers, body);
    expect(answer.status).toBe(200);
    expect(answer.calls).toHaveLength(1);
    expect(answer.calls[0].variables).toMatchObject({ input: { tool: 'search', estimatedTokens: 800 } });
    expect(answer.calls[0].headers['x-switchyard-body-sha256']).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['a JSON number (the feed reads any JSON value)', JSON_TYPE, '3'],
    ['a form without its password', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=a%40b.c'],
    ['an empty JSON body', JSON_TYPE, ''],
  ])('refuses %s at the feed’s login before the graph', async (_case, headers, body) => {
    const answer = await send('POST', '/api/user/login', headers, body);
    expect(answer.status).toBe(400);
    expect(answer.calls).toEqual([]);
  });

  it('reads a form body', async () => {
    await send('POST', '/api/user/login', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=a%40b.c&password=x');
    expect(graph.calls).toEqual([expect.objectContaining({ operation: 'FeedLogin', variables: expect.objectContaining({ email: 'a@b.c', password: 'x' }) })]);
  });

  it.each([
    ['a path parameter', 'GET', '/api/brand/b1', {}, 200],
    ['an encoded path parameter', 'GET', '/api/brand/b%201', {}, 200],
    ['a trailing slash', 'GET', '/api/brand/list/', {}, 200],
    ['a path in other letter case', 'GET', '/API/Brand/list', {}, 200],
    ['HEAD as GET', 'HEAD', '/api/brand/list', {}, 200],
    ['a body on a GET', 'GET', '/api/brand/list', JSON_TYPE, 200],
    ['a query string the route ignores', 'GET', '/api/brand/list?access_token=t&access_token=u', {}, 200],
    ['a parameter and a query the declaration checks', 'GET', '/api/v1/orgs/o1/usage?window=1h&window=7d', PROTOCOL, 400],
    ['a parameter that does not decode', 'GET', '/api/brand/%E0%A4%A', {}, 404],
  ] as const)('reads %s', async (_case, method, path, headers, status) => {
    const answer = await send(method, path, headers, 'content-type' in headers ? '{}' : undefined);
    expect(answer.status).toBe(status);
    if (status !== 200) expect(answer.calls).toEqual([]);
    if (method === 'HEAD') expect(answer.body).toBe('');
  });

  it('gives the handler the decoded parameter', async () => {
    const answer = await send('GET', '/api/brand/b%201', {});
    expect(answer.calls).toEqual([expect.objectContaining({ operation: 'FeedBrand', variables: { id: 'b 1' } })]);
  });

  it.each([
    ['/auth/login', '{"email": 3}'],
    ['/user/createFromGitHub', '{"email": "a@b.c"}'],
  ])('answers %s’s faults in the accounts API’s words', async (path, body) => {
    const answer = await send('POST', path, JSON_TYPE, body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toHaveProperty('error');
    expect(answer.calls).toEqual([]);
  });

  it('answers another method on a known path with 405 and Allow, in the API’s words', async () => {
    const feed = await send('DELETE', '/api/brand/list', {});
    expect(feed.status).toBe(405);
    expect(feed.headers.allow).toBe('GET, HEAD');
    const store = await send('PATCH', '/v1/7/products', STORE);
    expect(store.status).toBe(405);
    expect(store.headers.allow).toBe('GET, POST, HEAD');
    expect(JSON.parse(store.body)).toEqual({ code: 405, message: 'Method Not Allowed', description: 'Use GET or POST here' });
    // The access step ran first, with the resource's writing scope.
    expect(store.calls).toEqual([expect.objectContaining({ operation: 'StoreAccess', variables: { storeId: 7, scope: 'write_products' } })]);
  });

  it('answers an unknown store path with the store’s 404 after the access step', async () => {
    const answer = await send('GET', '/v1/7/nothing-here', STORE);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ code: 404, message: 'Not Found', description: null });
    expect(answer.headers['x-rate-limit-limit']).toBeDefined();
  });

  it('leaves a host not allowed to express’s refusal', async () => {
    const answer = await send('GET', '/api/brand/list', { host: 'evil.example' });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'HOST_NOT_ALLOWED' });
    expect(answer.calls).toEqual([]);
  });

  it.each([
    ['the request’s own scheme and host', {}, 'http://127.0.0.1:'],
    ['the scheme a trusted balancer names in X-Forwarded-Proto', { 'x-forwarded-proto': 'https' }, 'https://127.0.0.1:'],
  ])('writes the store’s page links on %s', async (_case, headers, linkOrigin) => {
    const answer = await send('GET', '/v1/7/products.xml?per_page=10&q=mate', { ...STORE, ...headers });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/xml; charset=utf-8');
    expect(answer.headers['x-total-count']).toBe('45');
    expect(answer.headers['x-main-language']).toBe('es');
    const next = `<${linkOrigin}${(server.address() as AddressInfo).port}/v1/7/products.xml?page=2&per_page=10&q=mate>; rel="next"`;
    expect(String(answer.headers.link)).toContain(next);
  });
});
