import { badInput } from '../../../../lib/errors';

/** Why someone paused, killed, cancelled or resolved: optional, trimmed, at most 500 characters. */
export function checkReason(reason: string | null | undefined, field = 'reason'): string | null {
  if (reason === null || reason === undefined || reason.trim() === '') return null;
  if (reason.length > 500) throw badInput(field, `${field} must be at most 500 characters`);
  return reason.trim();
}
