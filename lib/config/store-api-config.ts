import { ConfigError, type EnvReader } from './env-reader';

/** How the shim serves the store platform API (`/v1/{store_id}/…`). */
export interface StoreApiConfig {
  /**
   * Origin of the pagination links (`Link`), for a shim behind a proxy whose public address is not
   * the request's own host (`PUBLIC_BASE_URL`). @default the request's scheme and host
   */
  publicBaseUrl?: string;
  /** Requests one installation's bucket holds (`STORE_RATE_LIMIT_CAPACITY`). @default 40 */
  rateLimitCapacity: number;
  /**
   * Requests its bucket drains a second (`STORE_RATE_LIMIT_LEAK_PER_SECOND`, a decimal: tests slow
   * it down so that a burst's own duration cannot drain a slot). @default 2
   */
  rateLimitLeakPerSecond: number;
}

export function readStoreApiConfig(read: EnvReader): StoreApiConfig {
  return {
    publicBaseUrl: read.url('PUBLIC_BASE_URL'),
    rateLimitCapacity: read.integer('STORE_RATE_LIMIT_CAPACITY', 40, { min: 1, max: 1_000_000 }),
    rateLimitLeakPerSecond: leakPerSecond(read.optionalString('STORE_RATE_LIMIT_LEAK_PER_SECOND')),
  };
}

function leakPerSecond(raw: string | undefined): number {
  if (raw === undefined) return 2;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || value <= 0 || value > 1_000_000) {
    throw new ConfigError('STORE_RATE_LIMIT_LEAK_PER_SECOND', `must be a number above 0 and at most 1000000, got "${raw}"`);
  }
  return value;
}
