import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const RUN_BUNDLE = join(__dirname, '..', 'dist', 'stack', 'run-bundle.js');

/** A bundle that reports what it sees of itself as a main module, and stays `ALIVE_MS` milliseconds. */
function writeBundle(dir: string): string {
  const bundle = join(dir, 'main.bundle.js');
  writeFileSync(
    bundle,
    `const { join } = require('node:path');
     console.log(JSON.stringify({ main: require.main === module, filename: __filename, dirname: __dirname, argv: process.argv.slice(1), joined: join('a', 'b') }));
     setTimeout(() => {}, Number(process.env.ALIVE_MS ?? 0));`,
  );
  return bundle;
}

async function runBundle(bundle: string, args: string[] = [], aliveMs = 0) {
  const { stdout } = await run(process.execPath, [RUN_BUNDLE, bundle, ...args], { env: { ...process.env, ALIVE_MS: String(aliveMs) } });
  return JSON.parse(stdout) as { main: boolean; filename: string; dirname: string; argv: string[]; joined: string };
}

describe('run-bundle', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'run-bundle-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the bundle as the main module: its own file name, directory, argv and require', async () => {
    const bundle = writeBundle(dir);
    expect(await runBundle(bundle, ['--flag'])).toEqual({ main: true, filename: bundle, dirname: dir, argv: [bundle, '--flag'], joined: join('a', 'b') });
  });

  it('runs as before with a cache made for another build of the bundle, or one V8 refuses', async () => {
    const bundle = writeBundle(dir);
    writeFileSync(`${bundle}.v8cache`, 'v0.0.0 x64 1 2\nnot a code cache');
    expect((await runBundle(bundle)).main).toBe(true);
    const { size, mtimeMs } = statSync(bundle);
    writeFileSync(`${bundle}.v8cache`, `${process.version} ${process.arch} ${size} ${mtimeMs}\nnot a code cache either`);
    expect((await runBundle(bundle)).main).toBe(true);
  });

  it('keeps a code cache beside the bundle once it has run a while, and starts from it next time', async () => {
    const bundle = writeBundle(dir);
    await runBundle(bundle, [], 5500);
    const cache = readFileSync(`${bundle}.v8cache`);
    const { size, mtimeMs } = statSync(bundle);
    expect(cache.subarray(0, cache.indexOf('\n') + 1).toString()).toBe(`${process.version} ${process.arch} ${size} ${mtimeMs}\n`);
    expect(cache.length).toBeGreaterThan(cache.indexOf('\n') + 1);
    expect((await runBundle(bundle)).main).toBe(true);
  }, 20_000);

  it('refuses to start without a bundle named, or with one that is not there, and writes nothing', async () => {
    await expect(run(process.execPath, [RUN_BUNDLE])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage') });
    const missing = join(dir, 'gone.bundle.js');
    await expect(run(process.execPath, [RUN_BUNDLE, missing])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(missing) });
    expect(readdirSync(dir)).toEqual([]);
  });
});
