import { invalidField } from '../../../../lib/errors';

/** The largest amount kept: hundredths stay exact integers far below 2⁵³. */
const MAX_AMOUNT = 1_000_000_000_000;
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Reads an amount (money or a measure) written as a JSON number or a numeric string into
 * hundredths, rounded half up to two decimals; null and "" clear it. Negative amounts are refused.
 */
export function readHundredths(field: string, value: unknown): number | null {
  if (value === null || value === '') return null;
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined) throw invalidField(field, 'must be a number');
  const plain = /e/i.test(text) ? Number(text).toFixed(6) : text;
  if (!DECIMAL.test(plain)) throw invalidField(field, text.startsWith('-') ? 'must be greater than or equal to 0' : 'must be a number');
  const [whole, fraction = ''] = plain.split('.');
  const digits = `${fraction}000`;
  let hundredths = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) hundredths += 1;
  if (!Number.isSafeInteger(hundredths) || hundredths > MAX_AMOUNT * 100) throw invalidField(field, `must be at most ${MAX_AMOUNT}`);
  return hundredths;
}

/** Hundredths as the API shows amounts: a string with two decimals, or null. */
export function formatHundredths(hundredths: number | null): string | null {
  if (hundredths === null) return null;
  const whole = Math.floor(hundredths / 100);
  const cents = hundredths % 100;
  return `${whole}.${String(cents).padStart(2, '0')}`;
}
