import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What this process (this test file's context) has handed out, and where it is in its band: a
 * stack's many ports are picked before any is bound. Kept on the global object, so the source and
 * the compiled copy of this module that one test file loads (specs import one, `fromDist` the
 * other) hand out from the same counter rather than both from the start of the band.
 */
const state: { handedOut: Set<number>; nextInBand: number } = ((globalThis as Record<symbol, unknown>)[Symbol.for('switchyard.freePort')] ??= {
  handedOut: new Set<number>(),
  nextInBand: 0,
}) as { handedOut: Set<number>; nextInBand: number };
const handedOut = state.handedOut;

/**
 * Band ports are also claimed across processes, with a file per port naming the claiming process:
 * two test runs at once (two engineers' worktrees, a run beside a bench) have workers of the same
 * ids, and so the same bands. A claim whose process is gone is taken over.
 */
const CLAIMS = join(tmpdir(), 'switchyard-ports');

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

async function bandPort(bandStart: number): Promise<number> {
  for (let tried = 0; tried < BAND_SIZE; tried++) {
    const port = bandStart + (state.nextInBand++ % BAND_SIZE);
    if (state.nextInBand % BAND_SIZE === 0) handedOut.clear();
    if (handedOut.has(port) || !claimed(port) || !(await bindable(port))) continue;
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

/** True when `port` is this process's to hand out: unclaimed, claimed by it, or by a process that is gone. */
function claimed(port: number): boolean {
  const file = join(CLAIMS, String(port));
  mkdirSync(CLAIMS, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch {
      const owner = claimant(file);
      if (owner === process.pid) return true;
      if (owner === undefined || alive(owner)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

/** The process a claim names; undefined when the file went away or is still being written. */
function claimant(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
