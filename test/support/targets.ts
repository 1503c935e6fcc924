import type { StackUrls } from './stack-urls';

/** A running stack the end-to-end tests talk to, one per database dialect. */
export interface StackTarget extends StackUrls {
  dialect: 'sqlite' | 'postgresql';
  /** The web process (operator console at `/console`). */
  webUrl: string;
  codehostUrl: string;
  env: Record<string, string>;
}

/** Jest's, declared here so that a bench command compiling this file (without jest's types, bench/chaos) builds. */
declare const describe: (name: string, body: () => void) => void;

export const TARGETS_VARIABLE = 'SWITCHYARD_TEST_TARGETS';

/** The stacks global setup started: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function stackTargets(): StackTarget[] {
  const raw = process.env[TARGETS_VARIABLE];
  if (!raw) throw new Error('No stacks are running: end-to-end tests run under jest with the global setup');
  return JSON.parse(raw) as StackTarget[];
}

/** Runs a describe block once per database dialect. */
export function describeEachDatabase(name: string, body: (target: StackTarget) => void): void {
  for (const target of stackTargets()) {
    // eslint-disable-next-line jest/valid-title
    describe(`${name} [${target.dialect}]`, () => body(target));
  }
}
