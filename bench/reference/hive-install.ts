import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The reference contender's version: the bench's tables name it. */
export const HIVE_GATEWAY_VERSION = '2.15.1';
/** The Guild's Rust query planner for Hive Gateway (`@graphql-hive/router-runtime`), the second contender. */
export const HIVE_ROUTER_RUNTIME_VERSION = '1.4.23';

/**
 * Where the bench keeps its contenders, apart from the project's own dependencies (like the
 * browser tests' Chromium, they are fetched when first needed, not by `npm install`): a cache
 * folder that `rm -rf node_modules` clears with everything else. Both packages share one tree, so
 * the router runtime plugs into the very gateway runtime it was installed with.
 */
const CONTENDERS_DIR = join(
  __dirname,
  '..',
  '..',
  '..',
  'node_modules',
  '.cache',
  'switchyard-bench',
  `hive-gateway-${HIVE_GATEWAY_VERSION}-router-runtime-${HIVE_ROUTER_RUNTIME_VERSION}`,
);

/** The folders of the installed contenders' packages. */
export interface HiveModules {
  /** `@graphql-hive/gateway` of HIVE_GATEWAY_VERSION. */
  gateway: string;
  /** `@graphql-hive/router-runtime` of HIVE_ROUTER_RUNTIME_VERSION. */
  routerRuntime: string;
}

const installed = (moduleDir: string, version: string) => {
  const manifest = join(moduleDir, 'package.json');
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === version;
};

/**
 * The folders of an installed `@graphql-hive/gateway` and `@graphql-hive/router-runtime` at their
 * pinned versions, installed there (with their own dependency tree, graphql included) by npm on
 * the first call.
 */
export async function hiveModules(): Promise<HiveModules> {
  const modules: HiveModules = {
    gateway: join(CONTENDERS_DIR, 'node_modules', '@graphql-hive', 'gateway'),
    routerRuntime: join(CONTENDERS_DIR, 'node_modules', '@graphql-hive', 'router-runtime'),
  };
  const ready = () => installed(modules.gateway, HIVE_GATEWAY_VERSION) && installed(modules.routerRuntime, HIVE_ROUTER_RUNTIME_VERSION);
  if (ready()) return modules;
  console.log(`Installing @graphql-hive/gateway@${HIVE_GATEWAY_VERSION} and @graphql-hive/router-runtime@${HIVE_ROUTER_RUNTIME_VERSION}, the bench's reference gateways, into ${CONTENDERS_DIR} (once) …`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = [
    'install',
    '--prefix',
    CONTENDERS_DIR,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `@graphql-hive/gateway@${HIVE_GATEWAY_VERSION}`,
    `@graphql-hive/router-runtime@${HIVE_ROUTER_RUNTIME_VERSION}`,
  ];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(npm, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !ready()) throw new Error(`npm ${args.join(' ')} failed (exit ${code}): the gateway section needs the registry once`);
  return modules;
}
