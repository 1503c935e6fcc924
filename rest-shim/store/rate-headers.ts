import type { ServerResponse } from 'node:http';
import type { BucketVerdict } from '../../lib/rate-limit';

export const RATE_HEADERS = ['X-Rate-Limit-Limit', 'X-Rate-Limit-Remaining', 'X-Rate-Limit-Reset', 'Retry-After'] as const;

/** The three rate headers every valid-token answer carries, and `Retry-After` on a refusal. */
export function writeRateHeaders(res: ServerResponse, verdict: BucketVerdict): void {
  res.setHeader('X-Rate-Limit-Limit', String(verdict.capacity));
  res.setHeader('X-Rate-Limit-Remaining', String(verdict.remaining));
  res.setHeader('X-Rate-Limit-Reset', String(verdict.resetMs));
  if (!verdict.allowed) res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
}
