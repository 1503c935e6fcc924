// The server parts, each bundled from its compiled `main.js` (tsc's output, so decorator metadata
// is already there) into `main.bundle.js` beside it, which `dist/stack/run-bundle.js` runs with a
// V8 code cache. `npm start` and the test and bench stacks start these; `node dist/<part>/main.js`
// runs the same code unbundled. Each bundle sits in its part's own directory, so `__dirname` in the
// modules that read files beside them (migrations, the supergraph) names the same directory.

import { createRequire } from 'node:module';

// Every registered subgraph (lib/config's registry, compiled by build:server before this runs), so
// a new subgraph is bundled without being listed here too; the web process is not bundled.
const { SUBGRAPH_NAMES } = createRequire(import.meta.url)('./dist/lib/config/subgraph-registry.js');
const PARTS = [...SUBGRAPH_NAMES.map((name) => `subgraphs/${name}`), 'gateway', 'rest-shim'];

/**
 * Left to `require` at run time:
 * - native addons and the database clients (`better-sqlite3` finds its binary from its own path);
 *   drivers knex names but we never load (mysql, oracle, mssql...);
 * - files read from the package's own directory (swagger-ui-dist), modules that require through a
 *   factory's argument (jsonc-parser's UMD build), and what a part loads only on some paths and is
 *   large (typescript, for the installer's source checks).
 * OpenTelemetry's instrumentations patch express, graphql, pg and the rest as they are required,
 * which a bundle never does: a part with tracing on runs its unbundled `main.js` (see launch-stack.ts).
 */
const EXTERNAL = new RegExp(
  '^(' +
    [
      'better-sqlite3',
      'bindings',
      'pg',
      'pg-native',
      'pg-query-stream',
      'mysql',
      'mysql2',
      'mariadb',
      'oracledb',
      'tedious',
      'sqlite3',
      'libsql',
      'swagger-ui-dist',
      'jsonc-parser',
      'typescript',
    ].join('|') +
    ')(/.*)?$',
);

/**
 * `module.require(id)` in a bundled module: the bundle's wrapper gives each module a bare
 * `{ exports }`, with no `require` of its own, so code that tests for it (Apollo's `createHash`)
 * would fall back to a hash written in JavaScript. The bundle's own `require` is the same function.
 * Padded to the same length, so the module's lines and columns, which its source map points into,
 * do not move (no map of its own needed).
 */
const moduleRequire = {
  name: 'module-require',
  transform(code) {
    return code.includes('module.require') ? { code: code.replaceAll('module.require', 'require'.padEnd('module.require'.length)), map: null } : null;
  },
};

export default PARTS.map((part) => ({
  input: `dist/${part}/main.js`,
  platform: 'node',
  external: (id) => EXTERNAL.test(id),
  plugins: [moduleRequire],
  // Class names are the entities' and GraphQL types' names: none may be renamed. Minified, ASCII
  // only and without comments, because V8 keeps a bundle's whole source for as long as the part
  // runs (and as two bytes a character if any one is not Latin-1): the gateway's went from
  // 12.0 MB to 6.0, and its resident memory when idle from 134.8 MB to 109.8 (112.6 unbundled).
  // Stack traces go through the source map.
  output: { format: 'cjs', file: `dist/${part}/main.bundle.js`, codeSplitting: false, keepNames: true, sourcemap: true, charset: 'ascii', comments: false, minify: true },
  logLevel: 'warn',
  onLog(level, log, handler) {
    // knex and MikroORM name optional drivers we never install.
    if (log.code === 'UNRESOLVED_IMPORT') return;
    // moduleRequire moves no line or column (see above).
    if (log.code === 'SOURCEMAP_BROKEN' && log.plugin === moduleRequire.name) return;
    handler(level, log);
  },
}));
