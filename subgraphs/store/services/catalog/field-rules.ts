import { invalidField } from '../../../../lib/errors';

/** Checks shared by the catalog's inputs; each failure names the field as the REST API does. */

export function requireBoolean(field: string, value: boolean | null): boolean {
  if (value === null) throw invalidField(field, 'must be true or false');
  return value;
}

/** A short text or null (null and "" clear it). */
export function optionalText(field: string, value: string | null, maxLength: number): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (trimmed.length > maxLength) throw invalidField(field, `is too long (maximum is ${maxLength} characters)`);
  return trimmed === '' ? null : trimmed;
}

/** An absolute URL of an allowed scheme, or null to clear. */
export function optionalUrl(field: string, value: string | null, schemes: readonly string[]): string | null {
  if (value === null || value.trim() === '') return null;
  return requireUrl(field, value, schemes);
}

export function requireUrl(field: string, value: string | null | undefined, schemes: readonly string[]): string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') throw invalidField(field, "can't be blank");
  if (trimmed.length > 2048) throw invalidField(field, 'is too long (maximum is 2048 characters)');
  let protocol: string;
  try {
    protocol = new URL(trimmed).protocol;
  } catch {
    throw invalidField(field, `must be an absolute ${schemes.join(' or ')} URL`);
  }
  if (!schemes.includes(protocol.slice(0, -1))) throw invalidField(field, `must be an absolute ${schemes.join(' or ')} URL`);
  return trimmed;
}

export function nonNegativeInteger(field: string, value: number | null, max = 2_000_000_000): number {
  if (value === null) throw invalidField(field, 'must be a number');
  if (!Number.isInteger(value) || value < 0) throw invalidField(field, 'must be greater than or equal to 0');
  if (value > max) throw invalidField(field, `must be less than or equal to ${max}`);
  return value;
}

/** Tags as the API keeps them: comma-separated, each trimmed, empty ones dropped. */
export function readTags(value: string | null): string {
  if (value === null) return '';
  const tags = value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  const joined = tags.join(',');
  if (joined.length > 4000) throw invalidField('tags', 'is too long (maximum is 4000 characters)');
  return joined;
}
