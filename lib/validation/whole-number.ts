import { badInput } from '../errors';

/** A count the caller may leave out (tokens, milliseconds): absent stays null, present is 0 to `max`. */
export function checkOptionalCount(value: number | null | undefined, field: string, max: number): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isSafeInteger(value) || value < 0 || value > max) throw badInput(field, `${field} must be a whole number from 0 to ${max}`);
  return value;
}
