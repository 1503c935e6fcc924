/**
 * Where a package's bytes come from: chunks staged by the shim, or the generator's download.
 * `fill` writes the whole ZIP to a file; `discard` forgets the source, whatever became of it.
 */
export interface PackageSource {
  fill(path: string): Promise<void>;
  discard(): Promise<void>;
}

/** Runs `check`; when it throws, the source is dropped first: a refused request uses its package up too. */
export async function consumedIfFails<T>(source: PackageSource, check: () => T): Promise<T> {
  try {
    return check();
  } catch (error) {
    await source.discard();
    throw error;
  }
}
