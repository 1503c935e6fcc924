import { readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ, 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in microseconds; NaN once it is gone. */
export function cpuMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after its closing parenthesis start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** Resident memory of a process now (VmRSS), in bytes; NaN once it is gone. */
export function residentBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * CPU time several processes spend between `start` and `stop`, by name. What a load phase costs
 * the processes serving it, per call, is far steadier than its throughput on a machine that
 * other work shares: it does not count the time a process waited for a core.
 */
export class CpuMeter {
  private readonly started = new Map<string, number>();

  constructor(private readonly pids: ReadonlyMap<string, number>) {}

  start(): void {
    for (const [name, pid] of this.pids) this.started.set(name, cpuMicros(pid));
  }

  /** Microseconds of CPU each process used since `start`. */
  stop(): Map<string, number> {
    const used = new Map<string, number>();
    for (const [name, pid] of this.pids) used.set(name, cpuMicros(pid) - (this.started.get(name) ?? NaN));
    return used;
  }
}

/** The machine's load averages (1, 5 and 15 minutes), to print beside numbers that depend on it. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}
