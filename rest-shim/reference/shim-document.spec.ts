import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryLeakyBucket, STORE_API_BUCKET } from '../../lib/rate-limit';
import { createLogger } from '../../lib/logging';
import { AllowedHosts } from '../../lib/net';
import { GatewayClient } from '../../lib/graph-client';
import { openApiPath } from '../kit/openapi';
import { ShimGateway } from '../kit/shim-gateway';
import { buildShimApp } from '../shim-server';
import { controlChannelRoute } from '../guard/guard.routes';
import { shimDocument } from './shim-document';

interface Layer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every `METHOD /path` express's routers serve beside the route front, read from express's own route stack. */
function servedRoutes(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      return Object.keys(layer.route.methods)
        .filter((method) => method !== '_all')
        .map((method) => `${method.toUpperCase()} ${openApiPath(prefix + layer.route!.path)}`);
    }
    if (layer.handle?.stack) return servedRoutes(layer.handle.stack, typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? prefix + layer.rawPath : prefix);
    return [];
  });
}

function documentedRoutes(document: Record<string, unknown>): string[] {
  const paths = document.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
}

describe('the shim’s OpenAPI document', () => {
  const client = new GatewayClient('http://127.0.0.1:9/graphql');
  const app = buildShimApp(new ShimGateway(client, 'unused'), createLogger('rest-shim', 'silent'), new AllowedHosts(['*']));
  const document = shimDocument('http://shim.test');
  afterAll(() => client.close());

  it('lists exactly the routes the shim serves', () => {
    const served = [
      ...app.front.served().map((route) => route.replace(/ (.*)$/, (_all, path: string) => ` ${openApiPath(path)}`)),
      ...servedRoutes((app.express as unknown as { router: { stack: Layer[] } }).router.stack),
      // Served on the HTTP server's upgrade event, outside express (guard/control/control-channel.ts).
      `GET ${openApiPath(controlChannelRoute.path)}`,
    ];
    expect(served.length).toBeGreaterThan(10);
    expect([...documentedRoutes(document)].sort()).toEqual([...new Set(served)].sort());
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      // The validator is an ES module: it runs as its own CLI, which exits non-zero on an invalid document.
      const cli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
      const { stdout } = await promisify(execFile)(process.execPath, [cli, file]).catch((failure: { stdout: string }) => failure);
      expect(JSON.parse(stdout)).toEqual({ valid: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('describes each route from its declaration: parameters, body, success and the API’s error body', () => {
    const paths = document.paths as Record<string, Record<string, Record<string, any>>>;
    const brand = paths['/api/brand/{id}'].get;
    expect(brand.parameters).toEqual([{ name: 'id', in: 'path', required: true, description: 'The brand id', schema: { type: 'string', description: 'The brand id' } }]);
    expect(brand['x-graphql-operation']).toBe('FeedBrand');
    expect(brand.responses['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/feedError' });
    const signUp = paths['/user/createFromCodeHost'].post;
    expect(signUp.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(['username', 'codehost_id', 'access_token']);
    expect(signUp.responses['200'].content['application/json'].schema.properties).toHaveProperty('user_id');
    expect(paths['/.well-known/jwks.json'].get.responses['200'].headers['Cache-Control'].schema.const).toBe('public, max-age=300');
  });

  it('gives every operation an operationId derived from its declaration, and says who may call it', () => {
    const operations = Object.entries(document.paths as Record<string, Record<string, Record<string, any>>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const idOf = (route: string) => operations.find((entry) => entry.route === route)?.operation.operationId;
    expect(idOf('GET /v1/{store_id}/products')).toBe('storeListProducts');
    expect(idOf('POST /v1/{store_id}/products')).toBe('storeCreateProduct');
    expect(idOf('GET /v1/{store_id}/products/{id}')).toBe('storeGetProduct');
    expect(idOf('DELETE /v1/{store_id}/products/{product_id}/variants/{id}')).toBe('storeDeleteProductVariant');
    expect(idOf('POST /auth/login')).toBe('accountsAuthLogin');
    expect(idOf('GET /api/brand/{id}')).toBe('feedGetBrand');
    expect(idOf('POST /api/v1/gate')).toBe('guardGate');
    expect(idOf('GET /backend/api/installer/status')).toBe('installerGetStatus');
    // Every operation says its security: the schemes it takes, or [] when it is public.
    expect(operations.filter(({ operation }) => !Array.isArray(operation.security))).toEqual([]);
    expect(idOf('GET /healthz') && operations.find((entry) => entry.route === 'GET /healthz')!.operation.security).toEqual([]);
    const schemes = Object.keys((document.components as { securitySchemes: object }).securitySchemes).sort();
    expect(schemes).toEqual(['accessToken', 'apiKey', 'appToken', 'bearerAuth', 'generatorToken', 'installerToken', 'operatorToken']);
    const used = new Set(operations.flatMap(({ operation }) => operation.security.flatMap((requirement: object) => Object.keys(requirement))));
    expect([...used].sort()).toEqual(schemes);
    expect(document.servers).toEqual([{ url: 'http://shim.test', description: 'This shim' }]);
  });

  it('requires X-Guard-Protocol with its one value on every guard call but /capabilities', () => {
    const paths = document.paths as Record<string, Record<string, Record<string, any>>>;
    const protocolHeader = (operation: Record<string, any>) => operation.parameters.find((parameter: { name: string }) => parameter.name === 'x-guard-protocol');
    expect(protocolHeader(paths['/api/v1/capabilities'].get)).toBeUndefined();
    for (const [path, item] of Object.entries(paths).filter(([path]) => path.startsWith('/api/v1/') && path !== '/api/v1/capabilities')) {
      for (const operation of Object.values(item)) {
        expect({ path, header: protocolHeader(operation) }).toMatchObject({ path, header: { in: 'header', required: true, schema: { type: 'string', const: '3' } } });
      }
    }
    expect(protocolHeader(paths['/ws/control/{organization_id}'].get)).toMatchObject({ required: true, schema: { const: '3' } });
  });

  it('names PUBLIC_BASE_URL as its server when it is set, whatever host the caller reached', async () => {
    const behindProxy = buildShimApp(new ShimGateway(client, 'unused'), createLogger('rest-shim', 'silent'), new AllowedHosts(['*']), {
      store: { bucket: new MemoryLeakyBucket(STORE_API_BUCKET), publicBaseUrl: 'https://api.example.com/' },
    });
    const server = createServer(behindProxy).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`);
      expect(((await response.json()) as { servers: unknown }).servers).toEqual([{ url: 'https://api.example.com', description: 'This shim' }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
