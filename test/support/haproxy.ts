import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { checkoutRoot } from './from-dist';
import { setTimeout as sleep } from 'node:timers/promises';

/** The deployment's own HAProxy configuration: every layout runs this file, with its own LB_* variables. */
export const HAPROXY_CONFIG = join(checkoutRoot, 'deploy', 'haproxy', 'haproxy.cfg');

/** One server of one tier, as HAProxy's stats page reports it. */
export interface ServerState {
  /** The tier (`shim`, `guard`, …), a `listen` section of the configuration. */
  tier: string;
  /** `shim-1`, `guard-2`, … */
  server: string;
  /** `UP`, `DOWN`, or a transition such as `UP 1/2` (going down) and `DOWN 1/2` (coming back). */
  status: string;
  /** How many times health checks took it from up to down. */
  downs: number;
  /** Requests it answered with a 2xx, since HAProxy started. */
  answered: number;
}

/**
 * Debian's `haproxy`, started by a test in the foreground with `deploy/haproxy/haproxy.cfg` and
 * the `LB_*` variables that place its frontends and servers; its log (server state changes)
 * is kept for the test to print.
 */
export class OwnHaproxy {
  private log = '';

  private constructor(
    private readonly process: ChildProcess,
    private readonly statsUrl: string,
  ) {
    process.stderr!.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    process.stdout!.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
  }

  /** Whether `haproxy` is installed: the specs that need it are skipped without it. */
  static get available(): boolean {
    return spawnSync('haproxy', ['-v']).status === 0;
  }

  /** Starts it with `variables` (LB_STATS_BIND among them) and resolves once its stats page answers. */
  static async start(variables: Record<string, string>): Promise<OwnHaproxy> {
    const child = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], { env: { PATH: process.env.PATH, ...variables }, stdio: ['ignore', 'pipe', 'pipe'] });
    const haproxy = new OwnHaproxy(child, `http://${variables.LB_STATS_BIND}/stats;csv`);
    for (let attempt = 0; attempt < 200; attempt++) {
      if (child.exitCode !== null) throw new Error(`haproxy exited (code ${child.exitCode}): ${haproxy.log}`);
      if (await haproxy.servers().then(() => true, () => false)) return haproxy;
      await sleep(50);
    }
    await haproxy.stop();
    throw new Error(`haproxy's stats page did not answer: ${haproxy.log}`);
  }

  /** What it logged: each server going down and coming back, with the check that decided it. */
  get output(): string {
    return this.log;
  }

  /** Every server of every tier, as the stats page (CSV) has them now. */
  async servers(): Promise<ServerState[]> {
    const response = await fetch(this.statsUrl);
    if (!response.ok) throw new Error(`haproxy stats answered ${response.status}`);
    const [header, ...rows] = (await response.text()).trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const at = (row: string[], name: string) => row[columns.indexOf(name)];
    return rows
      .map((line) => line.split(','))
      .filter((row) => !['FRONTEND', 'BACKEND'].includes(at(row, 'svname')))
      .map((row) => ({ tier: at(row, 'pxname'), server: at(row, 'svname'), status: at(row, 'status'), downs: Number(at(row, 'chkdown')), answered: Number(at(row, 'hrsp_2xx')) }));
  }

  async server(name: string): Promise<ServerState> {
    const found = (await this.servers()).find((state) => state.server === name);
    if (!found) throw new Error(`haproxy has no server named ${name}`);
    return found;
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}
