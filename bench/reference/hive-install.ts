import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The reference contender's version: the bench's tables name it. */
export const HIVE_GATEWAY_VERSION = '2.15.1';

/**
 * Where the bench keeps its contenders, apart from the project's own dependencies (like the
 * browser tests' Chromium, they are fetched when first needed, not by `npm install`): a cache
 * folder that `rm -rf node_modules` clears with everything else.
 */
const CONTENDERS_DIR = join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'switchyard-bench', `hive-gateway-${HIVE_GATEWAY_VERSION}`);

/**
 * The folder of an installed `@graphql-hive/gateway` of HIVE_GATEWAY_VERSION, installed there
 * (with its own dependency tree, graphql included) by npm on the first call.
 */
export async function hiveGatewayModule(): Promise<string> {
  const moduleDir = join(CONTENDERS_DIR, 'node_modules', '@graphql-hive', 'gateway');
  const manifest = join(moduleDir, 'package.json');
  if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === HIVE_GATEWAY_VERSION) return moduleDir;
  console.log(`Installing @graphql-hive/gateway@${HIVE_GATEWAY_VERSION}, the bench's reference gateway, into ${CONTENDERS_DIR} (once) …`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--prefix', CONTENDERS_DIR, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `@graphql-hive/gateway@${HIVE_GATEWAY_VERSION}`];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(npm, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !existsSync(manifest)) throw new Error(`npm ${args.join(' ')} failed (exit ${code}): the gateway section needs the registry once`);
  return moduleDir;
}
