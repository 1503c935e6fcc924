import { describeFault, FAULT_KINDS, faultSchedule, type ScheduleOptions } from '../../bench/chaos/fault-schedule';
import { SeededRandom } from '../../bench/chaos/seeded-random';

const PARTS = ['accounts', 'feed', 'store', 'installer', 'guard', 'gateway', 'rest-shim', 'web'];
const SUBGRAPHS = ['accounts', 'feed', 'store', 'installer', 'guard'];
const options = (overrides: Partial<ScheduleOptions> = {}): ScheduleOptions => ({ seed: 42, durationMs: 600_000, parts: PARTS, subgraphs: SUBGRAPHS, ...overrides });

describe('chaos: the fault schedule from a seed', () => {
  it('is the same for the same seed, and another for another seed', () => {
    expect(faultSchedule(options())).toEqual(faultSchedule(options()));
    expect(faultSchedule(options({ seed: 43 }))).not.toEqual(faultSchedule(options()));
    expect(new SeededRandom(1).next()).toBe(new SeededRandom(1).next());
  });

  it('puts one fault every 20-40 s, none after the duration, the first after one gap', () => {
    const schedule = faultSchedule(options());
    expect(schedule.length).toBeGreaterThanOrEqual(600 / 40 - 1);
    expect(schedule.length).toBeLessThanOrEqual(600 / 20);
    const gaps = schedule.map((fault, i) => fault.atMs - (i === 0 ? 0 : schedule[i - 1].atMs));
    expect(gaps.filter((gap) => gap < 20_000 || gap > 40_000)).toEqual([]);
    expect(schedule.at(-1)!.atMs).toBeLessThanOrEqual(600_000);
  });

  it('draws every kind within each five faults, pauses only subgraphs, for 5 s, and names replicas 1 or 2', () => {
    const schedule = faultSchedule(options());
    for (let start = 0; start + FAULT_KINDS.length <= schedule.length; start += FAULT_KINDS.length) {
      expect(new Set(schedule.slice(start, start + FAULT_KINDS.length).map((fault) => fault.fault.kind))).toEqual(new Set(FAULT_KINDS));
    }
    for (const { fault } of schedule) {
      if (fault.kind === 'pause') expect({ subgraph: SUBGRAPHS.includes(fault.part), pauseMs: fault.pauseMs }).toEqual({ subgraph: true, pauseMs: 5000 });
      if (fault.kind === 'kill' || fault.kind === 'pause') expect([1, 2]).toContain(fault.replica);
      if (fault.kind === 'kill' || fault.kind === 'connection-storm') expect(PARTS).toContain(fault.part);
    }
  });

  it('keeps to the kinds asked for and the gaps given, and names each fault in a line', () => {
    const schedule = faultSchedule(options({ durationMs: 60_000, minGapMs: 8000, maxGapMs: 12_000, kinds: ['kill', 'redis-restart'] }));
    expect(schedule.length).toBeGreaterThanOrEqual(5);
    expect(new Set(schedule.map((fault) => fault.fault.kind))).toEqual(new Set(['kill', 'redis-restart']));
    expect(describeFault({ kind: 'kill', part: 'gateway', replica: 2 })).toBe('kill -9 gateway-2');
    expect(describeFault({ kind: 'pause', part: 'guard', replica: 1, pauseMs: 5000 })).toBe('SIGSTOP guard-1 5s');
    expect(describeFault({ kind: 'connection-storm', part: 'rest-shim' })).toBe('connections of rest-shim cut');
  });

  it('kills the control subscribers’ fronts first (the gateway, then the shim), then any part', () => {
    const kills = faultSchedule(options()).flatMap(({ fault }) => (fault.kind === 'kill' ? [fault.part] : []));
    expect(kills.slice(0, 2)).toEqual(['gateway', 'rest-shim']);
    expect(kills.length).toBeGreaterThan(2);
    const later = faultSchedule(options({ firstKills: [], seed: 7 })).flatMap(({ fault }) => (fault.kind === 'kill' ? [fault.part] : []));
    expect(later.every((part) => PARTS.includes(part))).toBe(true);
  });

  it('refuses gaps that are not positive or inverted, and an empty set of kinds', () => {
    expect(() => faultSchedule(options({ minGapMs: 0 }))).toThrow('the gap between faults must be positive, its minimum at most its maximum (got 0-40000 ms)');
    expect(() => faultSchedule(options({ minGapMs: 30_000, maxGapMs: 20_000 }))).toThrow('its minimum at most its maximum');
    expect(() => faultSchedule(options({ kinds: [] }))).toThrow('at least one fault kind is needed');
  });
});
