import { AppError } from '../errors';

export type CheckedItem<T> = { ok: true; value: T } | { ok: false; field: string | null; reason: string };

/**
 * Runs the rules of one item of a batch whose items are accepted or rejected one by one: the
 * rules throw like every other input rule, and a bad-input failure becomes that item's rejection
 * instead of failing the batch. Any other error still fails the whole request.
 */
export function checkBatchItem<T>(rules: () => T): CheckedItem<T> {
  try {
    return { ok: true, value: rules() };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'BAD_USER_INPUT') throw error;
    return { ok: false, field: error.field ?? null, reason: error.message };
  }
}
