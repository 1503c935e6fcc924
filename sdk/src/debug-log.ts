import { inspect } from 'node:util';

let enabled = false;

/** Turned on by `init({ debug: true })` or `SVC_DEBUG=true`. */
export function setDebug(on: boolean): void {
  enabled = on;
}

/** One line on stderr, only in debug mode: the SDK never writes to the console otherwise. */
export function debugLog(message: string, detail?: unknown): void {
  if (!enabled) return;
  const suffix = detail === undefined ? '' : ` ${inspect(detail, { depth: 3, breakLength: Infinity })}`;
  process.stderr.write(`[switchyard-sdk] ${message}${suffix}\n`);
}
