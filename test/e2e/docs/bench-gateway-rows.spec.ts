import { parseBenchArgs } from '../../../bench/bench-args';

describe("the gateway section's rows and columns, from npm run bench's flags", () => {
  it('measures every shape, both kinds of calls, 16 and 64 in flight and every contender unless narrowed', () => {
    expect(parseBenchArgs(['--only', 'gateway']).gateway).toEqual({
      shapes: ['brands', 'organisation', 'deep', 'large', 'gate'],
      calls: ['identical', 'distinct'],
      inFlight: [16, 64],
      contenders: ['unshared', 'per-caller', 'unforwarded', 'trusted', 'cache', 'hive', 'hive-rust'],
    });
    expect(parseBenchArgs(['--shapes', 'deep,large', '--calls', 'distinct', '--in-flight', '16', '--contenders', 'hive-rust']).gateway).toEqual({
      shapes: ['deep', 'large'],
      calls: ['distinct'],
      inFlight: [16],
      contenders: ['hive-rust'],
    });
  });

  it.each([
    [['--shapes', 'brands,wide'], '--shapes brands,wide: unknown wide; there are brands, organisation, deep, large, gate'],
    [['--calls', 'same'], '--calls same: unknown same; there are identical, distinct'],
    [['--contenders', 'apollo'], '--contenders apollo: unknown apollo; there are unshared, per-caller, unforwarded, trusted, cache, hive, hive-rust'],
    [['--shapes', ','], '--shapes ,: unknown empty list; there are brands, organisation, deep, large, gate'],
    [['--in-flight', '16,0'], '--in-flight 16,0: whole numbers from 1 to 1024, comma-separated'],
    [['--in-flight', 'many'], '--in-flight many: whole numbers from 1 to 1024, comma-separated'],
    [['--in-flight'], '--in-flight needs a value'],
  ])('refuses %j with a clear error', (argv, message) => {
    expect(() => parseBenchArgs(argv)).toThrow(message);
  });
});
