import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInGenerator {
  url: string;
  /** The access token `POST /api/token` hands out for the one known user. */
  access: string;
  /** Apps by id: their name, version and package bytes. */
  apps: Map<string, { name: string; version: number; zip: Buffer }>;
  close(): Promise<void>;
}

/**
 * The generator service as installer.md describes it, just enough for the lane: a token for one
 * user, the list of apps, and each app's package, all behind `Authorization: Bearer <access>`.
 */
export async function startStandInGenerator(user = { username: 'maker', password: 'Secret123' }): Promise<StandInGenerator> {
  const access = `access-${Math.random().toString(36).slice(2)}`;
  const apps: StandInGenerator['apps'] = new Map();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/api/token') {
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
        return body.username === user.username && body.password === user.password ? json(200, { access }) : json(401, { detail: 'No active account' });
      }
      if (req.headers.authorization !== `Bearer ${access}`) return json(401, { detail: 'Invalid token' });
      if (req.method === 'GET' && req.url === '/api/apps') return json(200, [...apps].map(([id, app]) => ({ id, name: app.name, version: app.version })));
      const match = /^\/api\/apps\/([^/]+)\/package$/.exec(req.url ?? '');
      const app = match && apps.get(decodeURIComponent(match[1]));
      if (req.method === 'GET' && app) {
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': app.zip.length });
        return res.end(app.zip);
      }
      return json(404, { detail: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    access,
    apps,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
