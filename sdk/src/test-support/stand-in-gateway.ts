import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
  body: unknown;
}

type Answer = (request: ReceivedRequest, response: ServerResponse) => void;

/**
 * A local HTTP server standing in for the network in unit tests of the SDK's transport: it
 * records what arrives and answers with whatever the test says. It can go away and come back
 * on the same port, like a gateway that restarts. End-to-end tests use the real stack instead.
 */
export class StandInGateway {
  readonly received: ReceivedRequest[] = [];
  answer: Answer = (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  private server: Server | null = null;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = raw ? JSON.parse(raw) : undefined;
        } catch {
          body = raw;
        }
        const received = { method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers, raw, body };
        this.received.push(received);
        this.answer(received, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
