import { FieldErrors } from '../../../../lib/errors';
import { readHundredths } from '../language/money';

export const COUPON_TYPES = ['percentage', 'absolute', 'shipping'] as const;
const CODE = /^[A-Za-z0-9_-]{1,100}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A coupon as written (REST body or GraphQL input). */
export interface CouponFields {
  code?: string | null;
  type?: string | null;
  value?: unknown;
  valid?: boolean | null;
  maxUses?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  minPrice?: unknown;
  categories?: number[] | null;
}

export interface CouponChanges {
  code?: string;
  type?: string;
  value?: number | null;
  valid?: boolean;
  maxUses?: number | null;
  startDate?: string | null;
  endDate?: string | null;
  minPrice?: number | null;
  categories?: number[] | null;
}

/** A day as `YYYY-MM-DD` (a full ISO date-time is cut to its UTC day), or null. */
function readDay(errors: FieldErrors, field: string, value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  const date = DAY.test(text) ? new Date(`${text}T00:00:00Z`) : new Date(text);
  if (Number.isNaN(date.getTime())) {
    errors.add(field, 'must be a date, e.g. 2026-12-31');
    return undefined;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * Reads a coupon's fields; on create `code` and `type` are required, and `value` unless the type
 * is `shipping`. `previous` is the coupon's current type and value, for checking an update whole.
 */
export function readCouponFields(fields: CouponFields, previous?: { type: string; value: number | null; startDate: string | null; endDate: string | null }): CouponChanges {
  const errors = new FieldErrors();
  const changes: CouponChanges = {};
  if (fields.code !== undefined || !previous) {
    const code = fields.code?.trim() ?? '';
    if (code === '') errors.add('code', "can't be blank");
    else if (!CODE.test(code)) errors.add('code', 'may only have letters, digits, - and _ (at most 100)');
    else changes.code = code;
  }
  if (fields.type !== undefined || !previous) {
    if (!fields.type || !(COUPON_TYPES as readonly string[]).includes(fields.type)) errors.add('type', `must be one of ${COUPON_TYPES.join(', ')}`);
    else changes.type = fields.type;
  }
  const type = changes.type ?? previous?.type;
  if (fields.value !== undefined) changes.value = errors.check(() => readHundredths('value', fields.value));
  const value = changes.value !== undefined ? changes.value : previous?.value ?? null;
  const unreadable = fields.value !== undefined && changes.value === undefined;
  if (type === 'shipping') changes.value = null;
  else if (unreadable) delete changes.value;
  else if (type && value === null) errors.add('value', "can't be blank");
  else if (type === 'percentage' && value !== null && (value <= 0 || value > 10_000)) errors.add('value', 'must be greater than 0 and at most 100');
  else if (type === 'absolute' && value !== null && value <= 0) errors.add('value', 'must be greater than 0');
  if (fields.valid !== undefined) {
    if (fields.valid === null) errors.add('valid', 'must be true or false');
    else changes.valid = fields.valid;
  }
  if (fields.maxUses !== undefined) {
    if (fields.maxUses !== null && (!Number.isInteger(fields.maxUses) || fields.maxUses < 1)) errors.add('max_uses', 'must be an integer greater than 0, or null');
    else changes.maxUses = fields.maxUses;
  }
  changes.startDate = readDay(errors, 'start_date', fields.startDate);
  changes.endDate = readDay(errors, 'end_date', fields.endDate);
  const start = changes.startDate !== undefined ? changes.startDate : previous?.startDate ?? null;
  const end = changes.endDate !== undefined ? changes.endDate : previous?.endDate ?? null;
  if (start && end && end < start) errors.add('end_date', 'must be on or after start_date');
  if (fields.minPrice !== undefined) changes.minPrice = errors.check(() => readHundredths('min_price', fields.minPrice));
  if (fields.categories !== undefined) changes.categories = fields.categories === null || fields.categories.length === 0 ? null : [...new Set(fields.categories)];
  errors.throwIfAny();
  for (const key of Object.keys(changes) as Array<keyof CouponChanges>) if (changes[key] === undefined) delete changes[key];
  return changes;
}
