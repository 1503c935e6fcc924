import { badInput } from '../../../../lib/errors';

/** Input rules of the operator API for a workflow; each failure names its field. */
export function checkBudgetCents(budgetCents: number, field = 'budgetCents'): number {
  if (!Number.isSafeInteger(budgetCents) || budgetCents < 0) throw badInput(field, 'budget must be a whole number of cents, zero or more');
  return budgetCents;
}

export function checkResumeAfter(resumeAfter: Date | null | undefined, now = new Date()): Date | null {
  if (resumeAfter === null || resumeAfter === undefined) return null;
  if (Number.isNaN(resumeAfter.getTime())) throw badInput('resumeAfter', 'resumeAfter must be a date-time');
  if (resumeAfter.getTime() <= now.getTime()) throw badInput('resumeAfter', 'resumeAfter must be in the future');
  return resumeAfter;
}
