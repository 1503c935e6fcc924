import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import type { Logger } from '../logging';

/** One process of the stack: its name, what node runs to start it, and where it listens. */
export interface Part {
  name: string;
  /** The script node runs, and its arguments. */
  script: readonly string[];
  origin: string;
  /** Node's own options for this part, before the script (see node-flags.ts). */
  nodeFlags?: readonly string[];
}

/** How a part ended on its own: an exit nobody asked for (`stop` and `kill` are asked for). */
export interface PartExit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** How long it had run. */
  ranMs: number;
  /** The end of its standard error, when that was piped to the launcher. */
  stderrTail: string;
}

/** The first restart waits this long; each further restart of a process that keeps dying young waits twice as long. */
const FIRST_RESTART_MS = 250;
const MAX_RESTART_MS = 30_000;
/** A process that ran this long before it exited was healthy: its next restart starts the back-off over. */
const HEALTHY_AFTER_MS = 30_000;
/** How long a stopped process has between SIGTERM and SIGKILL, unless told otherwise. */
const STOP_GRACE_MS = 5_000;
/** What is kept of a piped standard error: enough for the error and stack of a failed start. */
const STDERR_TAIL_CHARS = 4_000;

/**
 * One running part of the stack. Once supervised (`npm start`), it is started again whenever it
 * exits without being stopped (a crash, `kill -9`, an out-of-memory kill), after a back-off of
 * 250 ms that doubles while it keeps exiting within 30 s of its start (at most 30 s); each exit
 * and restart is logged with the process's name, exit code or signal and new pid.
 */
export class PartProcess {
  private child: ChildProcess;
  private startedAt = Date.now();
  private youngExits = 0;
  private supervisor?: Logger;
  private restartTimer?: NodeJS.Timeout;
  private stopping = false;
  private stderr = '';
  /** A child `kill` ended on purpose: its exit is not a crash. */
  private killed?: ChildProcess;
  private readonly unasked: PartExit[] = [];

  constructor(
    readonly part: Part,
    /** How it is spawned (environment, stdio), the same at every restart. */
    private readonly options: SpawnOptions,
  ) {
    this.child = this.spawn();
  }

  /** The process as it runs now (another one after each restart). */
  get process(): ChildProcess {
    return this.child;
  }

  /** The end of what the process wrote to its standard error, when that is piped to the launcher. */
  get stderrTail(): string {
    return this.stderr;
  }

  /** Every exit of this part that neither `stop` nor `kill` asked for, oldest first. */
  get crashes(): readonly PartExit[] {
    return this.unasked;
  }

  /** From now on, an exit is followed by a restart, logged to `logger`. */
  supervise(logger: Logger): void {
    this.supervisor = logger;
  }

  /** SIGTERM, then SIGKILL after `killAfterMs`; no restart follows. */
  stop(killAfterMs = STOP_GRACE_MS): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /** SIGKILL, as a crash ends it; a supervised part is then started again. */
  kill(): Promise<void> {
    const child = this.child;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    this.killed = child;
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  private spawn(): ChildProcess {
    const child = spawn(process.execPath, ['--enable-source-maps', ...(this.part.nodeFlags ?? []), ...this.part.script], this.options);
    this.startedAt = Date.now();
    // Read to the end, always: a full pipe would stall the process at its next write.
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.once('exit', (code, signal) => this.exited(child, code, signal));
    // Once its standard error is read to the end too, which may be after the exit.
    const startedAt = this.startedAt;
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
      if (this.stopping || child === this.killed) return;
      this.unasked.push({ name: this.part.name, code, signal, ranMs: Date.now() - startedAt, stderrTail: this.stderr });
    });
    return child;
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    const logger = this.supervisor;
    if (!logger || this.stopping || child !== this.child) return;
    const ranMs = Date.now() - this.startedAt;
    this.youngExits = ranMs >= HEALTHY_AFTER_MS ? 0 : this.youngExits + 1;
    const waitMs = Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** Math.max(0, this.youngExits - 1));
    const name = this.part.name;
    logger.warn({ part: name, pid: child.pid, code, signal, ranMs, restartInMs: waitMs }, `${name} exited; restarting it`);
    this.restartTimer = setTimeout(() => {
      if (this.stopping) return;
      this.child = this.spawn();
      logger.info({ part: name, pid: this.child.pid }, `${name} restarted`);
    }, waitMs);
  }
}
