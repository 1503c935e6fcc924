import { createServer } from 'node:net';

/** Ports this process already handed out: a stack's many ports are picked before any is bound. */
const handedOut = new Set<number>();

/**
 * A port nothing listens on right now, chosen by the kernel (tests and benchmarks start servers on
 * them), and never one this process handed out before.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await kernelChosenPort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

function kernelChosenPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
