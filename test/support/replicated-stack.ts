import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { SUBGRAPH_NAMES, subgraphVariables } from '../../lib/config';
import { freePort } from './free-port';
import type { LaunchedStack } from '../../lib/stack-launch/launch-stack';
import { eventually } from './eventually';
import { fromDist } from './from-dist';
import { OwnHaproxy } from './haproxy';
import { STARTUP_PATIENCE_MS } from './own-stack';
import { processOrigins, STACK_PROCESSES } from './process-origins';
import { stackEnv } from './stack-env';
import type { StackUrls } from './stack-urls';

/** Which of the two replicas of a part. */
export type Replica = 1 | 2;
export const REPLICAS: readonly Replica[] = [1, 2];

/** The tier's name in deploy/haproxy/haproxy.cfg (`shim`, `gateway`, `guard`, …) for a part of the stack. */
export const tierOf = (part: string): string => (part === 'rest-shim' ? 'shim' : part);

/** Two replicas of every process behind the deployment's HAProxy, on one database and one Redis. */
export interface ReplicatedStack {
  /** Where clients reach the stack: each tier through HAProxy. */
  target: StackUrls & { webUrl: string };
  haproxy: OwnHaproxy;
  /** The origin (`http://127.0.0.1:<port>`) of one replica of a part, bypassing HAProxy. */
  origin(part: string, replica: Replica): string;
  /** The environment of one replica's processes (their ports, metrics ports, data directory). */
  env(replica: Replica): NodeJS.ProcessEnv;
  /** The process id of one replica of a part, undefined while it is not running. */
  pid(part: string, replica: Replica): number | undefined;
  /** SIGKILL, as a crash. */
  kill(part: string, replica: Replica): Promise<void>;
  /** Starts a replica again on its own port, as an orchestrator would, once it is ready. */
  start(part: string, replica: Replica): Promise<void>;
  stop(): Promise<void>;
}

/** Start-up order: a wave starts once the one before is ready (through HAProxy: each tier's readiness asks the one below). */
const WAVES: readonly string[][] = [SUBGRAPH_NAMES, ['gateway'], ['rest-shim', 'web']];

/**
 * Starts HAProxy with `deploy/haproxy/haproxy.cfg`, then two replicas of every process, each
 * replica a process of its own with its own port, data directory and metrics port, all sharing
 * `shared`'s database and Redis, one Redis namespace, one `SECRET_KEY` and one JWT key, as the
 * README's deployment says replicas must. Every replica reaches the tier below through HAProxy.
 */
export async function launchReplicatedStack(shared: NodeJS.ProcessEnv): Promise<ReplicatedStack> {
  const { launchStack } = fromDist<typeof import('../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const common: NodeJS.ProcessEnv = {
    SECRET_KEY: randomBytes(32).toString('hex'),
    JWT_PRIVATE_KEY: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    REDIS_NAMESPACE: `switchyard-test-${randomBytes(6).toString('hex')}`,
    ...shared,
  };
  const replicaEnvs = { 1: await stackEnv(common), 2: await stackEnv(common) };
  const origins = { 1: processOrigins(replicaEnvs[1]), 2: processOrigins(replicaEnvs[2]) };

  // A test's file descriptor limit may be low; a thousand connections are plenty here.
  const lb: Record<string, string> = { LB_STATS_BIND: `127.0.0.1:${await freePort()}`, LB_MAXCONN: '1000' };
  const front: Record<string, string> = {};
  for (const part of STACK_PROCESSES) {
    const variable = `LB_${tierOf(part).toUpperCase()}`;
    front[part] = `127.0.0.1:${await freePort()}`;
    lb[`${variable}_BIND`] = front[part];
    for (const replica of REPLICAS) lb[`${variable}_${replica}`] = new URL(origins[replica][part]).host;
  }
  const upstreams: NodeJS.ProcessEnv = { GATEWAY_URL: `http://${front.gateway}/graphql`, GATEWAY_PUBLIC_URL: `http://${front.gateway}/graphql` };
  for (const name of SUBGRAPH_NAMES) upstreams[subgraphVariables(name).url] = `http://${front[name]}/graphql`;
  for (const replica of REPLICAS) Object.assign(replicaEnvs[replica], upstreams);

  const haproxy = await OwnHaproxy.start(lb);
  const running = new Map<string, LaunchedStack>();
  const key = (part: string, replica: Replica) => `${part}-${replica}`;
  const start = async (part: string, replica: Replica) => {
    const stdio = process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore';
    running.set(key(part, replica), await launchStack({ env: replicaEnvs[replica], only: [part], waitFor: 'ready', stdio, readyTimeoutMs: STARTUP_PATIENCE_MS }));
  };
  const stop = async () => {
    // The front tiers first, so that what they accepted finds its upstreams serving.
    for (const wave of [...WAVES].reverse()) {
      await Promise.all(wave.flatMap((part) => REPLICAS.map((replica) => running.get(key(part, replica))?.stop())));
    }
    running.clear();
    await haproxy.stop();
  };
  try {
    for (const wave of WAVES) {
      // Settled, not raced: a replica still starting when another fails must not be left running.
      const started = await Promise.allSettled(wave.flatMap((part) => REPLICAS.map((replica) => start(part, replica))));
      const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failed) throw failed.reason;
    }
    // Ready is not yet in rotation: HAProxy takes a server in after two passed health checks.
    await eventually(async () => (await haproxy.servers()).every((server) => server.status === 'UP'), STARTUP_PATIENCE_MS, 'HAProxy taking every replica in');
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    target: { shimUrl: `http://${front['rest-shim']}`, gatewayUrl: `http://${front.gateway}/graphql`, webUrl: `http://${front.web}` },
    haproxy,
    origin: (part, replica) => origins[replica][part],
    env: (replica) => replicaEnvs[replica],
    pid: (part, replica) => running.get(key(part, replica))?.pids().get(part),
    async kill(part, replica) {
      await running.get(key(part, replica))?.killPart(part);
    },
    start,
    stop,
  };
}
