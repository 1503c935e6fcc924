/**
 * Loads a module of the build `npm test` makes first, so tests exercise what ships. Pass the
 * source module's type: `fromDist<typeof import('../../stack/launch-stack')>('stack/launch-stack')`.
 */
export function fromDist<T>(path: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(`../../dist/${path}`) as T;
}
