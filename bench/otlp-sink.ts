import { createServer } from 'node:http';

/**
 * Stands in for a trace collector in the bench: accepts OTLP/HTTP exports and drops them, so the
 * numbers measure what tracing costs the processes, not a collector's speed.
 */
export async function startOtlpSink(): Promise<{ endpoint: string; exports: () => number; close(): Promise<void> }> {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    exports: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
