import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { closeServer, listen } from '../../lib/net';

/** One request a receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  raw: string;
  body: { store_id: number; event: string; id?: number };
  receivedAt: number;
}

/**
 * A real HTTP server on the loopback standing in for an app's webhook endpoint: it records every
 * request and answers with the status `answer` gives (200 unless told otherwise).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** The status for the n-th request (0-based) to `path`. */
  answer: (path: string, index: number) => number = () => 200;
  private server?: Server;
  private port = 0;

  async start(port = 0): Promise<this> {
    const counts = new Map<string, number>();
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '/';
        const index = counts.get(path) ?? 0;
        counts.set(path, index + 1);
        let body: ReceivedWebhook['body'];
        try {
          body = JSON.parse(raw);
        } catch {
          body = { store_id: 0, event: `unparsable: ${raw}` };
        }
        this.received.push({ path, headers: req.headers, raw, body, receivedAt: Date.now() });
        res.statusCode = this.answer(path, index);
        res.end();
      });
    });
    this.port = await listen(this.server, port, '127.0.0.1');
    return this;
  }

  /** A URL of this receiver; paths tell webhooks apart. */
  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.path === path);
  }

  /** Waits until `done` holds for what arrived (or fails after `timeoutMs`: a delivery never came). */
  async waitFor(done: (received: ReceivedWebhook[]) => boolean, timeoutMs = 20_000, what = 'webhooks'): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this.received)) {
      if (Date.now() > deadline) throw new Error(`${what} did not arrive within ${timeoutMs} ms; got ${JSON.stringify(this.received.map((r) => [r.path, r.body]))}`);
      await sleep(50);
    }
    return this.received;
  }

  async stop(): Promise<void> {
    if (this.server) await closeServer(this.server);
  }
}

/** What the receiver computes to check a delivery: hex HMAC-SHA256 of the raw body with the app's client secret. */
export const expectedSignature = (raw: string, clientSecret: string): string => createHmac('sha256', clientSecret).update(raw).digest('hex');
