import { parseChaosArgs, parseDuration } from '../../bench/chaos/chaos-args';

describe('chaos: the command line', () => {
  it('reads durations in ms, s, m, h and combined', () => {
    expect([parseDuration('10m'), parseDuration('90s'), parseDuration('1h'), parseDuration('2m30s'), parseDuration('500ms')]).toEqual([600_000, 90_000, 3_600_000, 150_000, 500]);
  });

  it('defaults to ten minutes with a random seed, and takes --duration, --seed, --interval and --measure', () => {
    const defaults = parseChaosArgs([]);
    expect(defaults).toMatchObject({ durationMs: 600_000, intervalMs: 10_000, measureMs: 10_000 });
    expect(Number.isInteger(defaults.seed)).toBe(true);
    expect(parseChaosArgs(['--duration', '3m', '--seed', '42', '--interval', '5s', '--measure', '4s'])).toEqual({ durationMs: 180_000, seed: 42, intervalMs: 5000, measureMs: 4000 });
  });

  it.each([
    [['--duration', 'ten'], 'not a duration: "ten" (write 10m, 90s, 1h or 2m30s)'],
    [['--duration', '10'], 'not a duration: "10"'],
    [['--duration', '0s'], 'a duration must be above zero: "0s"'],
    [['--duration'], '--duration needs a value'],
    [['--seed', 'abc'], '--seed takes a whole number, not "abc"'],
    [['--sed', '4'], 'unknown option --sed'],
  ])('refuses %j with a clear error', (argv, message) => {
    expect(() => parseChaosArgs(argv)).toThrow(message);
  });
});
