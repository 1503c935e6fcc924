import { createServer, type Server } from 'node:net';

const listenOn = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

/** A fresh copy of the module (its band position and handed-out ports) under the given worker id. */
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
    const next = await probe();
    const fresh = freePortOf('5');
    const blocker = await listenOn(next);
    try {
      expect(await fresh()).not.toBe(next);
    } finally {
      blocker.close();
    }
  });

  it('lets the kernel choose outside jest workers', async () => {
    const port = await freePortOf(undefined)();
    expect(port).toBeGreaterThanOrEqual(1024);
    const server = await listenOn(port);
    server.close();
  });
});
