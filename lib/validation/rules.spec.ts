import { AppError } from '../errors';
import { checkBatchItem, checkOptionalCount, checkOptionalText, checkRequiredText } from '.';

function failureOf(rule: () => unknown): { field?: string; message: string } {
  try {
    rule();
  } catch (error) {
    if (error instanceof AppError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('the rule passed');
}

describe('input rules', () => {
  it('let absent optional values through as null and name the field of a bad one', () => {
    expect(checkOptionalText(undefined, 'model', 5)).toBeNull();
    expect(checkOptionalText('gpt', 'model', 5)).toBe('gpt');
    expect(failureOf(() => checkOptionalText('gpt-4o', 'model', 5))).toEqual({ field: 'model', message: 'model must be at most 5 characters' });
    expect(checkOptionalCount(null, 'tokens', 10)).toBeNull();
    expect(checkOptionalCount(10, 'tokens', 10)).toBe(10);
    for (const bad of [-1, 11, 1.5]) expect(failureOf(() => checkOptionalCount(bad, 'tokens', 10))).toEqual({ field: 'tokens', message: 'tokens must be a whole number from 0 to 10' });
  });

  it('require a text that is not blank', () => {
    expect(failureOf(() => checkRequiredText('  ', 'chainId', 8))).toEqual({ field: 'chainId', message: 'chainId is required' });
    expect(failureOf(() => checkRequiredText(null, 'chainId', 8))).toEqual({ field: 'chainId', message: 'chainId is required' });
    expect(failureOf(() => checkRequiredText('c'.repeat(9), 'chainId', 8)).message).toBe('chainId must be at most 8 characters');
  });

  it('turn a bad-input failure of one batch item into its rejection, and nothing else', () => {
    expect(checkBatchItem(() => 7)).toEqual({ ok: true, value: 7 });
    expect(checkBatchItem(() => checkOptionalCount(-1, 'tokens', 10))).toEqual({ ok: false, field: 'tokens', reason: 'tokens must be a whole number from 0 to 10' });
    expect(() => checkBatchItem(() => { throw new AppError('FORBIDDEN'); })).toThrow(AppError);
  });
});
