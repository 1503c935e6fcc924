import { DEFAULT_STRING_LENGTH } from './field-types';
import type { Field, FieldDecl } from './package-schemas';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DECIMAL = /^-?\d{1,18}(\.\d{1,12})?$/;

/**
 * Why `value` cannot be stored in `field`, or undefined when it can. The one rule for seed rows
 * and for the live data API; null stands for "no value" and is refused only where required.
 */
export function fieldValueProblem(field: FieldDecl, value: unknown): string | undefined {
  if (value === null || value === undefined) return field.required ? 'is required' : undefined;
  switch (field.type) {
    case 'string': {
      const max = field.max_length ?? DEFAULT_STRING_LENGTH;
      if (typeof value !== 'string') return 'must be a string';
      return [...value].length > max ? `must be at most ${max} characters` : undefined;
    }
    case 'text':
      return typeof value === 'string' ? undefined : 'must be a string';
    case 'integer':
      return Number.isSafeInteger(value) ? undefined : 'must be an integer';
    case 'ref':
      return Number.isSafeInteger(value) && (value as number) > 0 ? undefined : 'must be the id (a positive integer) of a record';
    case 'decimal':
      return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && DECIMAL.test(value)) ? undefined : 'must be a decimal number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? undefined : 'must be a date (YYYY-MM-DD)';
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? undefined : 'must be a time (hh:mm or hh:mm:ss)';
    case 'datetime':
      return typeof value === 'string' && DATETIME.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'must be an ISO 8601 date-time with its offset';
    case 'json':
      return undefined;
  }
}

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(value);
}

/** The problems of a whole row against a model's fields: unknown keys, missing required values, bad values. */
export function rowProblems(fields: Field[], row: Record<string, unknown>, options: { partial?: boolean } = {}): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const known = new Map(fields.map((field) => [field.name, field]));
  for (const key of Object.keys(row)) if (!known.has(key)) problems.push({ field: key, message: 'is not a field of the model' });
  for (const field of fields) {
    const present = Object.hasOwn(row, field.name);
    if (!present && (options.partial || field.default !== undefined || !field.required)) continue;
    const problem = fieldValueProblem(field, row[field.name]);
    if (problem) problems.push({ field: field.name, message: problem });
  }
  return problems;
}
