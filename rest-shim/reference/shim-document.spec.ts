import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Express } from 'express';
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

/** Every `METHOD /path` the app's routers actually serve, read from express's own route stack. */
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
  const app: Express = buildShimApp(new ShimGateway(client, 'unused'), createLogger('rest-shim', 'silent'), new AllowedHosts(['*']));
  const document = shimDocument();
  afterAll(() => client.close());

  it('lists exactly the routes the shim serves', () => {
    const served = [
      ...servedRoutes((app as unknown as { router: { stack: Layer[] } }).router.stack),
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
});
