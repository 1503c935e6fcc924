import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { SUPERGRAPH_PATH } from '../../lib/gateway-core/built-manifest';
import { loadConfig } from '../../lib/config';
import { subscriptionOwners } from '../../lib/gateway-core/subscription-owners';
import { freePort } from '../../test/support/free-port';
import { hiveModules } from './hive-install';

export interface ReferenceGateway {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Its start loads some 750 packages: over a minute on a machine other work loads heavily. */
const START_TIMEOUT_MS = 180_000;

/**
 * The committed supergraph with each subgraph's URL replaced by where the stack configured by
 * `env` serves it: the same schema and plans, over the same running subgraphs.
 */
export function supergraphFor(env: NodeJS.ProcessEnv): string {
  const { subgraphUrls } = loadConfig(env);
  return readFileSync(SUPERGRAPH_PATH, 'utf8').replace(/@join__graph\(name: "([^"]+)", url: "[^"]*"\)/g, (whole, name: string) => {
    const url = subgraphUrls[name as keyof typeof subgraphUrls];
    return url ? `@join__graph(name: "${name}", url: "${url}")` : whole;
  });
}

export interface HiveGatewayOptions {
  /** Share identical subgraph fetches in flight (its deduplication). */
  shareFetches: boolean;
  /** Plan with The Guild's Rust query planner (`@graphql-hive/router-runtime`). @default false */
  rustPlanner?: boolean;
}

/**
 * Starts Hive Gateway (installed on first use) in a process of its own over the subgraphs of the
 * stack configured by `env`, forwarding subscriptions to the subgraphs that own them over graphql-ws.
 */
export async function startHiveGateway(env: NodeJS.ProcessEnv, options: HiveGatewayOptions): Promise<ReferenceGateway> {
  const modules = await hiveModules();
  const directory = mkdtempSync(join(tmpdir(), 'switchyard-hive-'));
  const supergraphPath = join(directory, 'supergraph.graphql');
  const supergraph = supergraphFor(env);
  writeFileSync(supergraphPath, supergraph);
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, 'hive-gateway-process.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HIVE_MODULE: modules.gateway,
      HIVE_ROUTER_RUNTIME_MODULE: options.rustPlanner ? modules.routerRuntime : '',
      HIVE_PORT: String(port),
      HIVE_SUPERGRAPH_PATH: supergraphPath,
      HIVE_SHARE_FETCHES: String(options.shareFetches),
      HIVE_SUBSCRIPTION_SUBGRAPHS: [...new Set(subscriptionOwners(supergraph).values())].join(','),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/graphql`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(directory, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Hive Gateway exited during start-up (code ${child.exitCode})`);
    try {
      const response = await request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
      const body = await response.body.text();
      if (response.statusCode === 200 && body.includes('Query')) return { url, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`Hive Gateway did not answer at ${url} within ${START_TIMEOUT_MS} ms`);
}
