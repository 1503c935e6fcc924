import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
// The module itself, not lib/auth's index (JWT verification and the rest): the launcher loads
// nothing it does not use, since every part waits for it.
import { ensureSigningKey } from '../auth/signing-keys';
import { EnvReader, loadConfig, SUBGRAPH_NAMES } from '../config';
import { readTracingConfig } from '../config/tracing-config';
import type { Logger } from '../logging';
import { nodeFlagsOf } from './node-flags';
import { PartProcess, type Part, type PartExit } from './part-process';
import { answersOk, listening } from './probe';

const thisDistRoot = join(__dirname, '..', '..');

export interface LaunchedStack {
  shimUrl: string;
  gatewayUrl: string;
  /** The web process: the operator console is at `${webUrl}/console`. */
  webUrl: string;
  /** Stops one part (a subgraph's name, `gateway`, `rest-shim`) and leaves the others running. */
  stopPart(name: string): Promise<void>;
  /** Kills one part at once (SIGKILL), as a crash would: none of its shutdown work runs. */
  killPart(name: string): Promise<void>;
  /** The process id of each running part, by its name (the bench reads their CPU time and memory). */
  pids(): Map<string, number>;
  /** The parts that exited on their own (neither stopped nor killed), each exit with the end of its standard error. */
  crashes(): PartExit[];
  stop(): Promise<void>;
}

export interface LaunchOptions {
  env?: NodeJS.ProcessEnv;
  /** Where the children's output goes. @default 'inherit' */
  stdio?: 'inherit' | 'ignore' | 'pipe';
  /** How long each part may take to become ready. @default 30000 */
  readyTimeoutMs?: number;
  /**
   * What a part must answer before the next wave starts: `ready` (its `/readyz`: database, Redis,
   * upstreams), or only `alive` (its `/healthz`), for a part started without its upstreams on purpose.
   * @default 'ready' for the whole stack, 'alive' with `only` (the parts left out may be upstreams)
   */
  waitFor?: 'ready' | 'alive';
  /**
   * Start only these parts (subgraph names, `gateway`, `rest-shim`, `web`), e.g. a second guard and
   * gateway pair beside a running stack. @default every part
   */
  only?: readonly string[];
  /**
   * Once the stack is up, a part that exits without being stopped is started again (with
   * back-off), each exit and restart logged here: what `npm start` does. @default no restarts
   */
  supervisor?: Logger;
  /** The compiled tree the parts are started from (another build's `dist/`, for the bench's comparisons). @default this build's */
  distRoot?: string;
}

/**
 * Starts the processes of the stack from `dist/` (all, unless `only` names some) in two waves:
 * the subgraphs, then, once they are ready (`/readyz`), the gateway, the shim and the web process
 * together. None of the three needs another to load (the shim embeds the gateway's executor),
 * and the shim's `/readyz` waits for the gateway's. Start-up is CPU spent loading modules: on two
 * cores, starting the last three together took 0.88-0.94× the time of starting the gateway alone
 * first; starting all eight at once gained nothing more and made a burst that other work on the
 * machine turned into start-up timeouts. They stop in tiers, the reverse of their dependencies.
 */
export async function launchStack(options: LaunchOptions = {}): Promise<LaunchedStack> {
  const env = { ...PROCESS_DEFAULTS, ...process.env, ...options.env };
  const config = loadConfig(env);
  const distRoot = options.distRoot ?? thisDistRoot;
  const local = (port: number) => `http://127.0.0.1:${port}`;
  // OpenTelemetry instruments modules as they are required, which a bundle never does.
  const bundled = !readTracingConfig(new EnvReader(env)).endpoint;
  const compiledAt = mtimeMs(join(distRoot, '.tsbuildinfo')) ?? 0;
  const partScript = (dir: string) => (bundled && currentBundle(distRoot, dir, compiledAt)) || [join(distRoot, dir, 'main.js')];
  const subgraphParts: Part[] = SUBGRAPH_NAMES.map((name) => ({
    name,
    script: partScript(join('subgraphs', name)),
    origin: local(config.ports[name]),
    nodeFlags: nodeFlagsOf(name),
  }));
  const gateway: Part = { name: 'gateway', script: partScript('gateway'), origin: local(config.ports.gateway), nodeFlags: nodeFlagsOf('gateway') };
  const shim: Part = { name: 'rest-shim', script: partScript('rest-shim'), origin: local(config.ports.shim), nodeFlags: nodeFlagsOf('rest-shim') };
  const probePath = (options.waitFor ?? (options.only ? 'alive' : 'ready')) === 'alive' ? '/healthz' : '/readyz';
  // The web process loads little (express and the pages' built files): it is not bundled.
  const web: Part = { name: 'web', script: [join(distRoot, 'web', 'main.js')], origin: local(config.ports.web), nodeFlags: nodeFlagsOf('web') };

  // Stopped a tier at a time, the shim and the web process first, the subgraphs last, each tier
  // waiting for the one before to exit: the shim drains its requests while the gateway and the
  // subgraphs still serve them.
  const tiers: PartProcess[][] = [];
  const byName = new Map<string, PartProcess>();
  const stopMs = config.http.shutdownGraceMs + STOP_MARGIN_MS;
  const stop = async () => {
    for (const tier of tiers.splice(0).reverse()) await Promise.all(tier.map((child) => child.stop(stopMs)));
  };
  // The signing key each part reads from the data directory, made here once on a first start:
  // otherwise every part generates an RSA key at once and all but the first throw theirs away
  // (a second of CPU each on a busy machine).
  ensureSigningKey(config);
  const wanted = (part: Part) => !options.only || options.only.includes(part.name);
  const waves = [[subgraphParts], [[gateway], [shim, web]]].map((wave) => wave.map((tier) => tier.filter(wanted)));
  try {
    // A port something else holds would have the probes below answered by that process instead.
    const taken = await Promise.all(waves.flat(2).map(async (part) => ((await listening(part.origin)) ? part : undefined)));
    const first = taken.find((part) => part !== undefined);
    if (first) throw new Error(`${first.name} cannot start: something already listens at ${first.origin}`);
    for (const wave of waves) {
      const started = wave.map((tier) => tier.map((part) => new PartProcess(part, { env, ...childIo(options.stdio ?? 'inherit') })));
      tiers.push(...started);
      const children = started.flat();
      for (const child of children) byName.set(child.part.name, child);
      await Promise.all(children.map((child) => waitReady(child, probePath, options.readyTimeoutMs ?? 30_000)));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  if (options.supervisor) for (const child of byName.values()) child.supervise(options.supervisor);
  return {
    shimUrl: `http://127.0.0.1:${config.ports.shim}`,
    gatewayUrl: `http://127.0.0.1:${config.ports.gateway}${config.gateway.graphqlPath}`,
    webUrl: `http://127.0.0.1:${config.ports.web}`,
    async stopPart(name) {
      const child = byName.get(name);
      if (!child) throw new Error(`no part named ${name} was started`);
      await child.stop(stopMs);
    },
    pids() {
      const pids = new Map<string, number>();
      for (const [name, child] of byName) if (child.process.pid !== undefined) pids.set(name, child.process.pid);
      return pids;
    },
    crashes: () => [...byName.values()].flatMap((child) => child.crashes),
    async killPart(name) {
      const child = byName.get(name);
      if (!child) throw new Error(`no part named ${name} was started`);
      await child.kill();
    },
    stop,
  };
}

/**
 * How node starts a part from its bundle, through run-bundle.js (see rolldown.config.mjs), when
 * the build made one after the last compile; undefined when it did not (a `tsc -b` since the
 * last `npm run build` leaves the bundles behind the code), and the part runs its `main.js`.
 */
function currentBundle(distRoot: string, dir: string, compiledAt: number): string[] | undefined {
  const bundle = join(distRoot, dir, 'main.bundle.js');
  const bundledAt = mtimeMs(bundle);
  return bundledAt !== undefined && bundledAt >= compiledAt ? [join(distRoot, 'stack', 'run-bundle.js'), bundle] : undefined;
}

function mtimeMs(path: string): number | undefined {
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs;
}

async function waitReady(starting: PartProcess, probePath: string, timeoutMs: number): Promise<void> {
  const { part, process: child } = starting;
  const url = part.origin + probePath;
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) {
      const said = starting.stderrTail.trim();
      throw new Error(`${part.name} exited during start-up (code ${child.exitCode})${said ? `:\n${said}` : ''}`);
    }
    if (await answersOk(url)) return;
    await sleep(PROBE_EVERY_MS);
  }
  throw new Error(`${part.name} was not ${probePath === '/readyz' ? 'ready' : 'alive'} at ${url} within ${timeoutMs} ms`);
}

/**
 * Each part in a process group of its own, so a terminal's Ctrl-C (sent to the whole foreground
 * group) reaches only the launcher, which stops the parts in order; and with an IPC channel,
 * whose end tells a part that the launcher is gone however it died (see lib/net/server/shutdown.ts).
 */
function childIo(io: 'inherit' | 'ignore' | 'pipe'): SpawnOptions {
  // Quiet parts still pipe their standard error: a part that fails to start says why there.
  return { stdio: ['ignore', io, io === 'ignore' ? 'pipe' : io, 'ipc'], detached: true };
}

/**
 * What every part runs with unless told otherwise: glibc's malloc with fixed thresholds.
 * Left to itself, malloc serves a freed block of up to 32 MB from its heap from then on, and each
 * thread keeps its own: a password hash (scrypt, 16 MB per call on the libuv pool) left the
 * accounts subgraph at 200 MB after a login load. A block of 1 MiB or more is mapped and unmapped,
 * so it goes back when freed. Smaller blocks stay in the heap, whose top is given back past
 * 16 MiB free: writing a 250 KB answer takes node a 750 KB buffer, which mapped and unmapped each
 * time (the threshold was 128 KiB) cost the store about 160 page faults a call
 * (docs/decisions/malloc-thresholds.md). The Dockerfile sets the same.
 */
const PROCESS_DEFAULTS = { MALLOC_MMAP_THRESHOLD_: String(1 << 20), MALLOC_TRIM_THRESHOLD_: String(16 << 20) };

/** How often a starting part is asked whether it is ready: the next wave starts at most this late. */
const PROBE_EVERY_MS = 50;

/** A part has its shutdown grace to drain, and this much more to close the rest, before it is killed. */
const STOP_MARGIN_MS = 5000;

