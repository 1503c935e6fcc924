/**
 * `node dist/stack/run-bundle.js <part>/main.bundle.js`: runs a part's bundle (see
 * rolldown.config.mjs) as its main module, compiled with a V8 code cache kept beside it.
 *
 * Start-up is CPU spent loading code: resolving and reading some 1,800 files per part, then
 * parsing and compiling them. The bundle does away with the first; the code cache with most of
 * the second. The cache is made from the running process a few seconds after start, so it holds
 * the functions start-up compiled as well as the top level, and is used by every later start of
 * the same bundle, on the same Node.js. A missing, stale or rejected cache costs only the compile.
 */
import { closeSync, fstatSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, resolve } from 'node:path';
import { Script, constants as vmConstants } from 'node:vm';

/** Long enough for a part to have started (and compiled what starting needs), short enough to be there for the next start. */
const CACHE_AFTER_MS = 5000;

/** What a cache was made from: this bundle, as built, on this Node.js. Anything else is stale. */
function cacheKey(bundleFd: number): Buffer {
  const { size, mtimeMs } = fstatSync(bundleFd);
  return Buffer.from(`${process.version} ${process.arch} ${size} ${mtimeMs}\n`);
}

function readCache(cacheFile: string, key: Buffer): Buffer | undefined {
  try {
    const stored = readFileSync(cacheFile);
    return stored.subarray(0, key.length).equals(key) ? stored.subarray(key.length) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Written aside and renamed, so replicas writing at once, or a reader meanwhile, never see half a
 * file. A cache that cannot be made or written (a read-only build directory) is only missing:
 * every start compiles, as without one.
 */
function writeCache(cacheFile: string, key: Buffer, script: Script): void {
  const partial = `${cacheFile}.${process.pid}`;
  try {
    writeFileSync(partial, Buffer.concat([key, script.createCachedData()]));
    renameSync(partial, cacheFile);
  } catch {
    rmSync(partial, { force: true });
  }
}

/** The module the bundle runs as, in place of this file: `require.main`, its `__filename` and its resolution paths are the bundle's. */
function mainModuleFor(bundle: string): NodeJS.Module {
  const main = new Module(bundle) as NodeJS.Module & { paths: string[] };
  main.filename = bundle;
  main.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(dirname(bundle));
  process.mainModule = main;
  process.argv.splice(1, 2, bundle);
  return main;
}

function runBundle(path: string): void {
  const bundle = resolve(path);
  const cacheFile = `${bundle}.v8cache`;
  const fd = openSync(bundle, 'r');
  const key = cacheKey(fd);
  const source = readFileSync(fd, 'utf8');
  closeSync(fd);
  const cachedData = readCache(cacheFile, key);
  const script = new Script(Module.wrap(source), {
    filename: bundle,
    cachedData,
    importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (!cachedData || script.cachedDataRejected) {
    setTimeout(() => writeCache(cacheFile, key, script), CACHE_AFTER_MS).unref();
  }
  const main = mainModuleFor(bundle);
  const requireFromBundle = Module.createRequire(bundle);
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(main.exports, main.exports, requireFromBundle, main, bundle, dirname(bundle));
  main.loaded = true;
}

const [bundle] = process.argv.slice(2);
if (!bundle) {
  console.error('usage: node dist/stack/run-bundle.js <bundle>');
  process.exit(2);
}
runBundle(bundle);
