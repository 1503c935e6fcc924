import { basename, join } from 'node:path';

/**
 * The checkout's root, whether this file runs from its source (test/support, under jest) or
 * compiled (dist/test/support, when a bench command imports the test support).
 */
export const checkoutRoot = basename(join(__dirname, '..', '..')) === 'dist' ? join(__dirname, '..', '..', '..') : join(__dirname, '..', '..');

/**
 * Loads a module of the build `npm test` makes first, so tests exercise what ships. Pass the
 * source module's type: `fromDist<typeof import('../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack')`.
 */
export function fromDist<T>(path: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(checkoutRoot, 'dist', path)) as T;
}
