import { badInput } from '../errors';

/** A text the caller may leave out: absent stays null, present must fit its column. */
export function checkOptionalText(value: string | null | undefined, field: string, max: number): string | null {
  if (value === null || value === undefined) return null;
  if (value.length > max) throw badInput(field, `${field} must be at most ${max} characters`);
  return value;
}

/** A text the caller must give: not blank, and at most `max` characters. */
export function checkRequiredText(value: string | null | undefined, field: string, max: number): string {
  if (value === null || value === undefined || value.trim() === '') throw badInput(field, `${field} is required`);
  if (value.length > max) throw badInput(field, `${field} must be at most ${max} characters`);
  return value;
}
