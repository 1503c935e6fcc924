import { badInput } from '../errors';

/** A name people read (an organisation's, a reader's): trimmed, 1 to 100 characters. Returns it trimmed. */
export function checkDisplayName(name: string, field = 'name'): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badInput(field, 'name is required');
  if (trimmed.length > 100) throw badInput(field, 'name must be at most 100 characters');
  return trimmed;
}
