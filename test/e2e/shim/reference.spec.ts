import { Agent, get } from 'node:http';
import { send } from '../../support/http';
import { stackTargets } from '../../support/targets';

const target = stackTargets()[0];

describe('the shim’s reference', () => {
  it('serves its OpenAPI document at /openapi.json', async () => {
    const response = await send(`${target.shimUrl}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toMatchObject({ openapi: '3.1.0', info: { title: 'Switchyard REST shim' } });
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/auth/login', '/api/brand/{id}', '/docs']));
    // Its servers entry is the origin the caller reached (no PUBLIC_BASE_URL in the test stacks).
    expect(response.body.servers).toEqual([{ url: target.shimUrl, description: 'This shim' }]);
    expect(response.body.paths['/v1/{store_id}/products'].get.operationId).toBe('storeListProducts');
  });

  it('serves /docs, a page whose viewer and styles come from the shim itself and which renders /openapi.json', async () => {
    const page = await send(`${target.shimUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = page.body as string;
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets).toEqual(['/docs/swagger-ui.css', '/docs/swagger-ui-bundle.js']);
    expect(html).toContain("SwaggerUIBundle({ url: '/openapi.json'");
    expect(html).toContain('displayOperationId: true');
    for (const asset of assets) {
      const response = await fetch(`${target.shimUrl}${asset}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      const text = await response.text();
      expect(text.length).toBeGreaterThan(10_000);
      if (asset.endsWith('.js')) expect(text).toContain('SwaggerUIBundle');
    }
  });

  it('keeps the connection open after serving a viewer file, for the browser’s next request on it', async () => {
    // One socket, kept alive: each answer after the first must come over the socket the first opened.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const fetchOver = (path: string) =>
      new Promise<{ status: number; length: number; reused: boolean }>((resolve, reject) => {
        const request = get(`${target.shimUrl}${path}`, { agent }, (response) => {
          let length = 0;
          response.on('data', (chunk: Buffer) => (length += chunk.length));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, length, reused: request.reusedSocket }));
        });
        request.on('error', reject);
      });
    try {
      const answers = [];
      for (const path of ['/docs/swagger-ui.css', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css', '/openapi.json']) {
        answers.push(await fetchOver(path));
        // The cut came just after an answer: give it the time to come.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(answers.map(({ status, reused }) => ({ status, reused }))).toEqual([
        { status: 200, reused: false },
        { status: 200, reused: true },
        { status: 200, reused: true },
        { status: 200, reused: true },
      ]);
      expect(answers.every(({ length }) => length > 10_000)).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('answers a file outside the viewer’s two with the shim’s 404', async () => {
    const response = await send(`${target.shimUrl}/docs/package.json`);
    expect(response).toMatchObject({ status: 404, body: { error: 'Not found', path: '/docs/package.json' } });
  });
});
