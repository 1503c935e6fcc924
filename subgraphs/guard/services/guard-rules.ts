import { badInput } from '../../../lib/errors';

/** Input rules of the operator API; each failure names its field. */
export function checkBudgetCents(budgetCents: number, field = 'budgetCents'): number {
  if (!Number.isSafeInteger(budgetCents) || budgetCents < 0) throw badInput(field, 'budget must be a whole number of cents, zero or more');
  return budgetCents;
}

export function checkReason(reason: string | null | undefined, field = 'reason'): string | null {
  if (reason === null || reason === undefined || reason.trim() === '') return null;
  if (reason.length > 500) throw badInput(field, 'reason must be at most 500 characters');
  return reason.trim();
}

export function checkResumeAfter(resumeAfter: Date | null | undefined, now = new Date()): Date | null {
  if (resumeAfter === null || resumeAfter === undefined) return null;
  if (Number.isNaN(resumeAfter.getTime())) throw badInput('resumeAfter', 'resumeAfter must be a date-time');
  if (resumeAfter.getTime() <= now.getTime()) throw badInput('resumeAfter', 'resumeAfter must be in the future');
  return resumeAfter;
}

const TOOL_PATTERN = /^[\w.:*?-]{1,200}$/;

export function checkToolPattern(pattern: string): string {
  if (!TOOL_PATTERN.test(pattern)) throw badInput('pattern', 'pattern must be 1 to 200 letters, digits, _ . : - or the wildcards * and ?');
  return pattern;
}

export function checkRatePerMinute(rate: number): number {
  if (!Number.isSafeInteger(rate) || rate < 1 || rate > 1_000_000) throw badInput('requestsPerMinute', 'requestsPerMinute must be between 1 and 1000000');
  return rate;
}
