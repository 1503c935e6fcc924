import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { purposeSecret, SECRET_PURPOSES } from './purpose-secret';

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

/** `INTERNAL_TOKEN`, else derived from `SECRET_KEY`, else generated once in `DATA_DIR`. */
export function loadInternalToken(config: Pick<Config, 'internalToken' | 'secretKey' | 'dataDir'>): InternalToken {
  const value = purposeSecret(config, SECRET_PURPOSES.internalToken, config.internalToken);
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
