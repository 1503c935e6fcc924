import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A subgraph behind a gate, for a gateway launched beside a stack (`<NAME>_URL` pointed at it). */
export interface GatedProxy {
  server: Server;
  url: string;
  /** Lets the held operations and every later one through. */
  open(): void;
  /** Holds the operations sent from now on until `open`. */
  close(): void;
  /** Answers the operations 500 instead of passing them on. */
  fail(failing: boolean): void;
  /** How many operations (POSTs) were sent to it. */
  asked(): number;
}

/** A subgraph behind a gate: its answers wait until the test opens it; `fail` makes it answer 500; `asked` counts the operations sent to it. */
export async function gatedProxy(upstream: string): Promise<GatedProxy> {
  let opened!: () => void;
  let gate = new Promise<void>((resolve) => (opened = resolve));
  let asked = 0;
  let failing = false;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === 'POST') {
      asked++;
      await gate;
      if (failing) return void res.writeHead(500, { 'content-type': 'text/plain' }).end('down');
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)) as Array<[string, string]>);
    const answer = await fetch(upstream + (req.url ?? ''), { method: req.method, headers, body: req.method === 'POST' ? Buffer.concat(chunks) : undefined });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    open: () => opened(),
    close: () => (gate = new Promise<void>((resolve) => (opened = resolve))),
    fail: (value) => (failing = value),
    asked: () => asked,
  };
}
