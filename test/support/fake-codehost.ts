import { createServer, type Server } from 'node:http';

/**
 * Stands in for the external code host's `GET /user`: the access token `ch-<id>-<login>`
 * belongs to that account, `ch-hangup` drops the connection, anything else is a 401.
 */
export async function startFakeCodehost(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (req.method !== 'GET' || req.url !== '/user') {
      res.writeHead(404).end();
      return;
    }
    if (token === 'ch-hangup') {
      req.socket.destroy();
      return;
    }
    const match = /^ch-(\d+)-(\w+)$/.exec(token);
    if (!match) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Bad credentials' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: Number(match[1]), login: match[2] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}
