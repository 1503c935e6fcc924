import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gatewayRows, type GatewayRows } from './gateway-rows';

export interface BenchArgs {
  /** Section names given with `--only a,b`; undefined: every section. */
  only?: string[];
  /** The compiled tree (`dist/`) of another build to compare with, from `--baseline <checkout>`. */
  baseline?: string;
  /** `--soak <duration>`: the soak instead of the sections. */
  soak?: string;
  /** `--list`: name the sections and stop. */
  list: boolean;
  /** The gateway section's rows and columns: `--shapes brands,deep --calls distinct --in-flight 16 --contenders hive-rust`. */
  gateway: GatewayRows;
}

function valueAfter(argv: readonly string[], flag: string): string | undefined {
  const at = argv.indexOf(flag);
  if (at === -1) return undefined;
  const value = argv[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`${flag} needs a value`);
  return value;
}

/**
 * `npm run bench -- [--only gateway,gate] [--baseline ../other-checkout] [--soak 30m] [--list]
 * [--shapes brands,organisation,deep,large,gate] [--calls identical,distinct] [--in-flight 16,64]
 * [--contenders unshared,per-caller,unforwarded,trusted,cache,hive,hive-rust]`.
 */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const only = valueAfter(argv, '--only');
  const baseline = valueAfter(argv, '--baseline');
  let baselineDist: string | undefined;
  if (baseline) {
    // A checkout (with its build in dist/) or its dist/ itself.
    baselineDist = [join(resolve(baseline), 'dist'), resolve(baseline)].find((root) => existsSync(join(root, 'stack', 'main.js')));
    if (!baselineDist) throw new Error(`--baseline ${baseline}: no built stack there (run its npm run build:server first)`);
  }
  return {
    only: only?.split(',').map((name) => name.trim()).filter(Boolean),
    baseline: baselineDist,
    soak: valueAfter(argv, '--soak'),
    list: argv.includes('--list'),
    gateway: gatewayRows({ shapes: valueAfter(argv, '--shapes'), calls: valueAfter(argv, '--calls'), inFlight: valueAfter(argv, '--in-flight'), contenders: valueAfter(argv, '--contenders') }),
  };
}
