import { AppError } from '../../../lib/errors';

/**
 * ISO 8601 as callers write it: a date, or a date and time with optional seconds and fraction,
 * in UTC (`Z`, `+0000`, `+00:00`) or any offset; without an offset it is UTC.
 */
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** Reads a date of a query or a body in any ISO 8601 form; anything else is refused on the field. */
export function readIsoDate(field: string, raw: unknown): Date {
  const match = typeof raw === 'string' ? ISO_8601.exec(raw.trim()) : null;
  if (!match) throw new AppError('UNPROCESSABLE', 'must be an ISO 8601 date', { field });
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] = match;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`;
  const millis = fraction.padEnd(3, '0').slice(0, 3);
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${millis}${offset}`);
  // Date rolls 2024-02-30 over into March; a real calendar date reads back as written.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const isCalendarDate = calendar.getUTCMonth() === Number(month) - 1 && calendar.getUTCDate() === Number(day);
  if (Number.isNaN(date.getTime()) || !isCalendarDate || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
    throw new AppError('UNPROCESSABLE', 'must be an ISO 8601 date', { field });
  }
  return date;
}
