import type { BenchTarget } from '../bench-target';
import type { GatewayRows } from '../gateway-rows';

/** What every section is given. */
export interface SectionContext {
  /** The builds measured: this one first, then the `--baseline` one when asked for. */
  targets: readonly BenchTarget[];
  /** Interleaved rounds of each comparison (`BENCH_ROUNDS`). */
  rounds: number;
  /** Seconds of each measured load phase (`BENCH_SECONDS`). */
  seconds: number;
  /** PostgreSQL server for the sections that also run on it (`BENCH_DATABASE_URL`). */
  postgresUrl?: string;
  /** The gateway section's rows and columns (its flags). */
  gateway: GatewayRows;
}

/** One part of `npm run bench`, chosen by name with `--only`; prints its own table. */
export interface BenchSection {
  name: string;
  summary: string;
  run(context: SectionContext): Promise<void>;
}
