// `npm run build` (and so `npm start`, `npm test`, `npm run bench`): the server's incremental
// compile, the parts' bundles and the browser app, each step skipped when its inputs are those of
// the build that made its outputs. The browser app builds while tsc compiles (two cores, two
// single-threaded tools); the bundles wait for tsc, whose output they are made from.
// It emits without type-checking (tsc's --noCheck; vite never checks): checking is
// `npm run typecheck`'s, which `npm test` runs next, and `npm run build:server`'s. A start
// then waits for no checker. Plain JavaScript: it runs before anything is compiled.
// `--force` rebuilds every step.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const stampDir = join(root, 'dist', '.build-inputs');
const force = process.argv.includes('--force');

/** Every file under `dir` (relative to the root), recursively, that `keep` accepts. */
function filesUnder(dir, keep = () => true) {
  const found = [];
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (keep(full)) found.push(relative(root, full));
    }
  };
  if (existsSync(join(root, dir))) walk(join(root, dir));
  return found;
}

/** A digest of the files' names and contents, in a stable order. */
function digest(files) {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  return hash.digest('hex');
}

function run(label, command, args) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) {
        console.log(`[build] ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new Error(`[build] ${label} failed (exit ${code})`));
    });
  });
}

/**
 * Runs `build` unless the digest of `inputs()` is the one recorded when `outputs` were last made
 * (and they all exist); `fresh(outputs)` then tells the outputs are current (see the bundles').
 */
async function step(name, { inputs, outputs, build, fresh = () => {} }) {
  const stamp = join(stampDir, name);
  const before = digest(inputs());
  const made = outputs.every((output) => existsSync(join(root, output)));
  if (!force && made && existsSync(stamp) && readFileSync(stamp, 'utf8') === before) {
    fresh(outputs);
    console.log(`[build] ${name}: unchanged, kept`);
    return;
  }
  await build();
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(stamp, digest(inputs()));
}

// The installed dependencies, as the lock and the patches applied to them say.
const lock = ['package-lock.json', ...filesUnder('patches')];

/**
 * The parts rolldown bundles, read from its configuration (one entry per part). Read after the
 * compile: the configuration lists the subgraphs of the compiled registry.
 */
const bundledParts = async () => (await import(join(root, 'rolldown.config.mjs'))).default.map((entry) => entry.input.replace(/\/main\.js$/, ''));

const web = step('web', {
  inputs: () => [...filesUnder('web/src'), ...filesUnder('web/shared'), 'web/index.html', 'web/installer.html', 'web/vite.config.mts', 'web/tsconfig.json', ...lock],
  outputs: ['dist/web/console/index.html', 'dist/web/console/installer.html'],
  build: () => run('web bundle (vite)', bin('vite'), ['build', '--config', 'web/vite.config.mts', '--logLevel', 'warn']),
});

const server = run('server compile (tsc -b --noCheck, incremental)', bin('tsc'), ['-b', 'tsconfig.build.json', 'sdk', 'sdk/examples', '--noCheck'])
  // The gateway's manifest of our own clients' operations (see scripts/write-trusted-documents.ts).
  .then(() => run('trusted documents', process.execPath, ['dist/scripts/write-trusted-documents.js']))
  .then(bundledParts)
  .then((parts) =>
  step('bundles', {
    inputs: () => [...filesUnder('dist', (file) => file.endsWith('.js') && !file.endsWith('.bundle.js') && !file.includes('/web/console/')), 'rolldown.config.mjs', ...lock],
    outputs: parts.map((part) => `${part}/main.bundle.js`),
    build: () => run('bundles (rolldown)', bin('rolldown'), ['-c', 'rolldown.config.mjs']),
    // The launcher runs a part's bundle only when it is newer than the last compile
    // (dist/.tsbuildinfo): a compile that changed no output leaves the bundles current.
    fresh: (bundles) => {
      const now = new Date();
      for (const bundle of bundles) utimesSync(join(root, bundle), now, now);
    },
  }),
);

const results = await Promise.allSettled([server, web]);
const failed = results.find((result) => result.status === 'rejected');
if (failed) {
  console.error(failed.reason instanceof Error ? failed.reason.message : failed.reason);
  process.exit(1);
}
