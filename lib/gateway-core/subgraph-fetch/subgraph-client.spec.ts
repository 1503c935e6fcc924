import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SubgraphClient, SubgraphResponseTooLarge } from './subgraph-client';

const LIMIT = 1024;

/** A subgraph answering with `answer`, and what it was sent. */
async function subgraph(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const received: Array<{ url?: string; headers: IncomingMessage['headers']; body: string }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new SubgraphClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql?x=1`, LIMIT);
  return {
    client,
    received,
    close: async () => {
      await client.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('SubgraphClient.post', () => {
  it('sends the body and headers to the URL’s path and answers the status, headers and bytes as they came', async () => {
    const text = '{"data":{"name":"Açaí ☕"}}';
    const { client, received, close } = await subgraph((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'cache-control': 'max-age=5' });
      // In pieces, the last one split inside a character: the bytes are joined before they are read.
      const bytes = Buffer.from(text);
      res.write(bytes.subarray(0, 10));
      setTimeout(() => res.end(bytes.subarray(10)), 5);
    });
    try {
      const reply = await client.post({ 'content-type': 'application/json', authorization: 'Bearer t' }, '{"query":"{ name }"}');
      expect(reply.status).toBe(201);
      expect(reply.headers).toMatchObject({ 'content-type': 'application/json', 'cache-control': 'max-age=5' });
      expect(reply.body.toString('utf8')).toBe(text);
      expect(received).toEqual([{ url: '/graphql?x=1', headers: expect.objectContaining({ authorization: 'Bearer t' }), body: '{"query":"{ name }"}' }]);
    } finally {
      await close();
    }
  });

  it('refuses an answer declared larger than the limit, and one that grows past it unannounced, then keeps serving', async () => {
    const big = 'x'.repeat(LIMIT + 1);
    const answers = [
      (res: ServerResponse) => res.writeHead(200, { 'content-length': String(big.length) }).end(big),
      (res: ServerResponse) => {
        res.writeHead(200, { 'transfer-encoding': 'chunked' });
        res.write(big.slice(0, 600));
        setTimeout(() => res.end(big.slice(600)), 5);
      },
      (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}'),
    ];
    const { client, close } = await subgraph((_req, res) => answers.shift()!(res));
    try {
      await expect(client.post({}, '{}')).rejects.toBeInstanceOf(SubgraphResponseTooLarge);
      await expect(client.post({}, '{}')).rejects.toThrow(`The subgraph's response exceeded ${LIMIT} bytes`);
      expect((await client.post({}, '{}')).body.toString('utf8')).toBe('{"data":{}}');
    } finally {
      await close();
    }
  });

  it('fails when the subgraph hangs up without answering', async () => {
    const { client, close } = await subgraph((req) => req.socket.destroy());
    try {
      await expect(client.post({}, '{}')).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
