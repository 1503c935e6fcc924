import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { readOrCreateSecret } from './stored-secret';

/** Carries the secret that proves a header was set by one of our own processes. */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
/** The real caller's address, as seen by the process that faced the caller. */
export const CLIENT_ADDRESS_HEADER = 'x-switchyard-client-address';
/** Hex SHA-256 of the raw request body the shim received, for signatures checked further in. */
export const BODY_DIGEST_HEADER = 'x-switchyard-body-sha256';

export interface InternalToken {
  value: string;
  /** Constant-time check of a presented token. */
  matches(presented: string | string[] | undefined): boolean;
}

export function loadInternalToken(config: Pick<Config, 'internalToken' | 'dataDir'>): InternalToken {
  const value = config.internalToken ?? readOrCreateSecret(config.dataDir, 'internal-token', () => randomBytes(32).toString('hex'));
  const expected = Buffer.from(value);
  return {
    value,
    matches(presented) {
      if (typeof presented !== 'string') return false;
      const candidate = Buffer.from(presented);
      return candidate.length === expected.length && timingSafeEqual(candidate, expected);
    },
  };
}
