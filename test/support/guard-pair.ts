import { metricsPortVariable, SUBGRAPH_NAMES, subgraphVariables } from '../../lib/config';
import { freePort } from './free-port';
import type { LaunchedStack } from '../../lib/stack-launch/launch-stack';
import { fromDist } from './from-dist';
import { STARTUP_PATIENCE_MS } from './own-stack';
import { stopAndReportCrashes } from './stack-crashes';

/** A second guard instance with its own gateway and shim, and the environment it runs with. */
export interface GuardPair extends LaunchedStack {
  env: NodeJS.ProcessEnv;
}

/**
 * Starts a second guard, gateway and shim beside a running stack whose environment is `first`:
 * they share its data directory (keys, internal token), database and Redis namespace, and reach
 * the other subgraphs at the first stack's. The caller stops it; the stop fails if a part crashed meanwhile.
 */
export async function launchGuardPair(first: NodeJS.ProcessEnv, stdio: 'inherit' | 'ignore' = process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore'): Promise<GuardPair> {
  const { launchStack } = fromDist<typeof import('../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
  const env: NodeJS.ProcessEnv = { ...first, GATEWAY_PORT: String(await freePort()), GUARD_PORT: String(await freePort()), SHIM_PORT: String(await freePort()) };
  for (const name of ['guard', 'gateway', 'rest-shim'] as const) env[metricsPortVariable(name)] = String(await freePort());
  for (const name of SUBGRAPH_NAMES.filter((subgraph) => subgraph !== 'guard')) {
    env[subgraphVariables(name).url] = `http://127.0.0.1:${first[subgraphVariables(name).port]}/graphql`;
  }
  const stack = await launchStack({ env, stdio, only: ['guard', 'gateway', 'rest-shim'], readyTimeoutMs: STARTUP_PATIENCE_MS });
  return { ...stack, env, stop: () => stopAndReportCrashes(stack) };
}
