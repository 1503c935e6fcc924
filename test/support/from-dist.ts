/**
 * Loads a module of the build `npm test` makes first, so tests exercise what ships. Pass the
 * source module's type: `fromDist<typeof import('../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack')`.
 */
export function fromDist<T>(path: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(`../../dist/${path}`) as T;
}
