import { SeededRandom } from './seeded-random';

export type Replica = 1 | 2;

/** One fault the run injects. */
export type Fault =
  /** `kill -9` of one replica of a part, then started again as a supervisor would. */
  | { kind: 'kill'; part: string; replica: Replica }
  /** SIGSTOP of one replica of a subgraph for `pauseMs`, then SIGCONT. */
  | { kind: 'pause'; part: string; replica: Replica; pauseMs: number }
  /** The PostgreSQL server restarted (fast shutdown: every connection dropped). */
  | { kind: 'postgres-restart' }
  /** The Redis server killed and started again on its port (nothing kept). */
  | { kind: 'redis-restart' }
  /** Every TCP connection to one part (its HAProxy frontend and both replicas) cut at once. */
  | { kind: 'connection-storm'; part: string };

export type FaultKind = Fault['kind'];
export const FAULT_KINDS: readonly FaultKind[] = ['kill', 'pause', 'postgres-restart', 'redis-restart', 'connection-storm'];

export interface ScheduledFault {
  /** Milliseconds from the start of the fault phase. */
  atMs: number;
  fault: Fault;
}

export interface ScheduleOptions {
  seed: number;
  /** How long the fault phase lasts: no fault starts later than this. */
  durationMs: number;
  /** Every part of the stack (each runs two replicas). */
  parts: readonly string[];
  /** The parts that are subgraphs: only those are paused. */
  subgraphs: readonly string[];
  /** Gap between two faults, drawn uniformly in [minGapMs, maxGapMs]. @default 20 000 – 40 000 */
  minGapMs?: number;
  maxGapMs?: number;
  /** How long a paused subgraph stays stopped. @default 5000 */
  pauseMs?: number;
  /** The fault kinds to draw from. @default all of them */
  kinds?: readonly FaultKind[];
  /**
   * The parts the first kills hit, in turn, before kills draw any part: the control subscribers'
   * fronts, so that a subscriber loses its socket and must resync. @default gateway, rest-shim
   */
  firstKills?: readonly string[];
}

/** One line naming a fault, for the run's table. */
export function describeFault(fault: Fault): string {
  switch (fault.kind) {
    case 'kill':
      return `kill -9 ${fault.part}-${fault.replica}`;
    case 'pause':
      return `SIGSTOP ${fault.part}-${fault.replica} ${fault.pauseMs / 1000}s`;
    case 'postgres-restart':
      return 'PostgreSQL restart';
    case 'redis-restart':
      return 'Redis restart';
    case 'connection-storm':
      return `connections of ${fault.part} cut`;
  }
}

/**
 * The faults of a run, from its seed alone: the first after one gap, each next one gap later, the
 * kinds taken in turns of a shuffled deck (so that a short run still sees every kind) and the
 * part and replica drawn from the same source (the first kills on `firstKills`).
 */
export function faultSchedule(options: ScheduleOptions): ScheduledFault[] {
  const { seed, durationMs, parts, subgraphs, minGapMs = 20_000, maxGapMs = 40_000, pauseMs = 5000, kinds = FAULT_KINDS } = options;
  const firstKills = (options.firstKills ?? ['gateway', 'rest-shim']).filter((part) => parts.includes(part));
  if (minGapMs <= 0 || maxGapMs < minGapMs) throw new Error(`the gap between faults must be positive, its minimum at most its maximum (got ${minGapMs}-${maxGapMs} ms)`);
  if (kinds.length === 0) throw new Error('at least one fault kind is needed');
  const random = new SeededRandom(seed);
  const schedule: ScheduledFault[] = [];
  let deck: FaultKind[] = [];
  for (let atMs = random.between(minGapMs, maxGapMs); atMs <= durationMs; atMs += random.between(minGapMs, maxGapMs)) {
    if (deck.length === 0) deck = shuffled(kinds, random);
    const kind = deck.shift()!;
    const killed = schedule.filter((scheduled) => scheduled.fault.kind === 'kill').length;
    const killable = kind === 'kill' && killed < firstKills.length ? [firstKills[killed]] : parts;
    schedule.push({ atMs, fault: drawFault(kind, random, killable, subgraphs, pauseMs) });
  }
  return schedule;
}

function drawFault(kind: FaultKind, random: SeededRandom, parts: readonly string[], subgraphs: readonly string[], pauseMs: number): Fault {
  const replica = random.pick<Replica>([1, 2]);
  switch (kind) {
    case 'kill':
      return { kind, part: random.pick(parts), replica };
    case 'pause':
      return { kind, part: random.pick(subgraphs), replica, pauseMs };
    case 'connection-storm':
      return { kind, part: random.pick(parts) };
    default:
      return { kind };
  }
}

function shuffled<T>(items: readonly T[], random: SeededRandom): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
