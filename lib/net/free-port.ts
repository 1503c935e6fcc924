import { createServer } from 'node:net';

/** Ports this process already handed out: a stack's many ports are picked before any is bound. */
const handedOut = new Set<number>();

/**
 * Jest's workers each draw from a band of their own, below the kernel's ephemeral range (32768 and
 * up on Linux): a port the kernel chose for one worker could be chosen again for another in the
 * moment before the first one's process binds it, and a stack of one test would then talk to a
 * process of another's. Outside jest (the bench, the jest parent's global set-up) the kernel chooses.
 */
// From 10,100: fetch (undici) and browsers refuse to connect to a few "bad ports", the highest 10080.
const BAND_START = 10_100;
const BAND_SIZE = 2_000;
const MAX_BANDS = 11;

/**
 * A port nothing listens on right now, never one this process handed out before (until its band
 * has been gone through once): tests and benchmarks start servers on them.
 */
export async function freePort(): Promise<number> {
  const worker = Number(process.env.JEST_WORKER_ID);
  if (!Number.isInteger(worker) || worker < 1 || worker > MAX_BANDS) return kernelChosenPort();
  return bandPort(BAND_START + (worker - 1) * BAND_SIZE);
}

let nextInBand = 0;

async function bandPort(bandStart: number): Promise<number> {
  for (let tried = 0; tried < BAND_SIZE; tried++) {
    const port = bandStart + (nextInBand++ % BAND_SIZE);
    if (nextInBand % BAND_SIZE === 0) handedOut.clear();
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port left in ${bandStart}-${bandStart + BAND_SIZE - 1}`);
}

async function kernelChosenPort(): Promise<number> {
  for (;;) {
    const port = await listenOnce(0);
    if (port === undefined) throw new Error('the kernel gave no port on 127.0.0.1');
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

const bindable = async (port: number) => (await listenOnce(port)) !== undefined;

/** Listens on `port` of the loopback and closes again: the port bound, or undefined when it was taken. */
function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as { port: number }).port;
      server.close(() => resolve(bound));
    });
  });
}
