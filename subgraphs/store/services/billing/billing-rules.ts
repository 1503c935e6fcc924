import { badInput } from '../../../../lib/errors';
import { parseIsoDate } from '../language/iso-date';

const FIRST_YEAR = 1970;
const LAST_YEAR = 9999;

/**
 * A recorded paid time: any ISO 8601 date (a past one records a lapse, which suspends at once).
 * Years are bounded so every database stores it the same way.
 */
export function checkPaidUntil(value: string): Date {
  const date = parseIsoDate(value);
  if (!date) throw badInput('paidUntil', 'paidUntil must be an ISO 8601 date, e.g. 2026-01-31T12:00:00+0000');
  const year = date.getUTCFullYear();
  if (year < FIRST_YEAR || year > LAST_YEAR) throw badInput('paidUntil', `paidUntil must be between the years ${FIRST_YEAR} and ${LAST_YEAR}`);
  return date;
}
