import { badInput } from '../../../lib/errors';

/** A reader's display name: trimmed, 1 to 100 characters. */
export function checkName(name: string, field = 'name'): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badInput(field, 'name is required');
  if (trimmed.length > 100) throw badInput(field, 'name must be at most 100 characters');
  return trimmed;
}
