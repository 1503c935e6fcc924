import type { Server } from 'node:http';
import { collectDefaultMetrics, register } from 'prom-client';
import type { MetricsConfig, ProcessName } from '../config';
import { closeServer, createHttpServer, listen } from '../net';

let defaultsCollected = false;

export interface MetricsListener {
  /** The bound port (the configured one, or the one the system chose for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` (Prometheus text format) of this process on its own listener, on the
 * metrics host (the loopback unless configured), apart from the public port. Also turns on the
 * process metrics (CPU, memory, event loop lag, GC, handles).
 */
export async function serveMetrics(config: MetricsConfig, service: string): Promise<MetricsListener | undefined> {
  if (!config.enabled) return undefined;
  if (!defaultsCollected) {
    collectDefaultMetrics();
    register.setDefaultLabels({ service });
    defaultsCollected = true;
  }
  const server: Server = createHttpServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '/').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here\n');
      return;
    }
    register.metrics().then(
      (text) => res.writeHead(200, { 'content-type': register.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n'),
    );
  });
  // A process outside the known ones (a test's subgraph) takes whatever port is free.
  const port = await listen(server, config.ports[service as ProcessName] ?? 0, config.host);
  return { port, close: () => closeServer(server) };
}
