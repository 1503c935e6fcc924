import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const listenOn = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

/** A fresh copy of the module (as a spec's source import and a `fromDist` copy are), under the given worker id. */
function freePortOf(worker: string | undefined): () => Promise<number> {
  let freePort!: () => Promise<number>;
  jest.isolateModules(() => ({ freePort } = require('./free-port') as typeof import('./free-port')));
  return async () => {
    const saved = process.env.JEST_WORKER_ID;
    setWorker(worker);
    try {
      return await freePort();
    } finally {
      setWorker(saved);
    }
  };
}

function setWorker(id: string | undefined): void {
  if (id === undefined) delete process.env.JEST_WORKER_ID;
  else process.env.JEST_WORKER_ID = id;
}

describe('freePort', () => {
  it("gives each jest worker distinct ports of its own band, below the ephemeral range and above fetch's bad ports", async () => {
    const first = freePortOf('1');
    const third = freePortOf('3');
    const ours = await Promise.all(Array.from({ length: 20 }, () => first()));
    const theirs = await Promise.all(Array.from({ length: 20 }, () => third()));
    expect(new Set(ours).size).toBe(20);
    for (const port of ours) expect(port).toBeGreaterThan(10_080);
    for (const port of theirs) expect(port).toBeLessThan(32_768);
    expect(Math.max(...ours)).toBeLessThan(Math.min(...theirs));
  });

  it('passes over a port something already listens on', async () => {
    const probe = freePortOf('5');
    const blocked = (await probe()) + 1;
    const blocker = await listenOn(blocked);
    try {
      expect(await freePortOf('5')()).toBe(blocked + 1);
    } finally {
      blocker.close();
    }
  });

  it('hands out from one counter however many copies of the module a test file loads', async () => {
    const source = freePortOf('6');
    const compiled = freePortOf('6');
    const ports = [await source(), await compiled(), await source(), await compiled()];
    expect(new Set(ports).size).toBe(4);
  });

  it("passes over a port another live process claimed, and takes over a claim whose process is gone", async () => {
    const claims = join(tmpdir(), 'switchyard-ports');
    const probe = freePortOf('7');
    const next = (await probe()) + 1;
    mkdirSync(claims, { recursive: true });
    writeFileSync(join(claims, String(next)), String(process.ppid));
    writeFileSync(join(claims, String(next + 1)), '999999999');
    try {
      expect(await probe()).toBe(next + 1);
      expect(readFileSync(join(claims, String(next + 1)), 'utf8')).toBe(String(process.pid));
    } finally {
      rmSync(join(claims, String(next)), { force: true });
    }
  });

  it('lets the kernel choose outside jest workers', async () => {
    const port = await freePortOf(undefined)();
    expect(port).toBeGreaterThanOrEqual(1024);
    const server = await listenOn(port);
    server.close();
  });
});
