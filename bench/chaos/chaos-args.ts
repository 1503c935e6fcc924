/** What `npm run chaos -- …` was asked for. */
export interface ChaosArgs {
  durationMs: number;
  seed: number;
  intervalMs: number;
  measureMs: number;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `10m`, `90s`, `1h`, `2m30s`, `500ms` in milliseconds; a clear error for anything else. */
export function parseDuration(text: string): number {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) throw new Error(`not a duration: "${text}" (write 10m, 90s, 1h or 2m30s)`);
  const ms = parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNITS[unit], 0);
  if (ms <= 0) throw new Error(`a duration must be above zero: "${text}"`);
  return ms;
}

function valueAfter(argv: readonly string[], flag: string): string | undefined {
  const at = argv.indexOf(flag);
  if (at === -1) return undefined;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
  return value;
}

const KNOWN = new Set(['--duration', '--seed', '--interval', '--measure']);

/** `npm run chaos -- [--duration 10m] [--seed 42] [--interval 10s] [--measure 10s]`. */
export function parseChaosArgs(argv: readonly string[]): ChaosArgs {
  const unknown = argv.filter((arg) => arg.startsWith('--') && !KNOWN.has(arg));
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(', ')} (known: ${[...KNOWN].join(', ')})`);
  const seedText = valueAfter(argv, '--seed');
  if (seedText !== undefined && !/^\d+$/.test(seedText)) throw new Error(`--seed takes a whole number, not "${seedText}"`);
  return {
    durationMs: parseDuration(valueAfter(argv, '--duration') ?? '10m'),
    seed: seedText === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(seedText),
    intervalMs: parseDuration(valueAfter(argv, '--interval') ?? '10s'),
    measureMs: parseDuration(valueAfter(argv, '--measure') ?? '10s'),
  };
}
