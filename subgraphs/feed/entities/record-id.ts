import { randomBytes } from 'node:crypto';

/** The legacy API's `_id` form: 24 lowercase hex characters. */
export const RECORD_ID = /^[0-9a-f]{24}$/;

/**
 * A new `_id`: 4 bytes of creation time in seconds, then 8 random bytes, as the legacy records had,
 * so ids sort roughly by age and collide only by chance over 2^64 in one second.
 */
export function newRecordId(now = Date.now()): string {
  const time = Buffer.alloc(4);
  time.writeUInt32BE(Math.floor(now / 1000) >>> 0);
  return Buffer.concat([time, randomBytes(8)]).toString('hex');
}

export function isRecordId(value: string): boolean {
  return RECORD_ID.test(value);
}
