import { badInput } from '../../../../lib/errors';

/** A key's own rate limit, in requests per minute. */
export function checkRatePerMinute(rate: number): number {
  if (!Number.isSafeInteger(rate) || rate < 1 || rate > 1_000_000) throw badInput('requestsPerMinute', 'requestsPerMinute must be between 1 and 1000000');
  return rate;
}
