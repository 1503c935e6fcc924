import type { Dialect } from '../../../../lib/db';
import type { FieldDecl } from '../../package/contents/package-schemas';

/**
 * A checked JSON value as the column stores it. The drivers differ (better-sqlite3 binds no
 * booleans; PostgreSQL `json` takes text), so both get the form they accept.
 */
export function storedValue(field: FieldDecl, value: unknown, dialect: Dialect): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'boolean':
      return dialect === 'sqlite' ? (value ? 1 : 0) : value;
    case 'json':
      return JSON.stringify(value);
    case 'datetime':
      return new Date(value as string).toISOString();
    case 'decimal':
      return String(value);
    case 'time':
      return /^\d{2}:\d{2}$/.test(value as string) ? `${value as string}:00` : value;
    default:
      return value;
  }
}

/** A column's value as the API shows it, the same on both dialects. */
export function shownValue(field: FieldDecl, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  switch (field.type) {
    case 'integer':
    case 'ref':
      return Number(raw); // PostgreSQL returns bigint as text
    case 'decimal':
      return typeof raw === 'number' ? String(raw) : trimDecimal(String(raw));
    case 'boolean':
      return raw === true || raw === 1 || raw === '1' || raw === 't' || raw === 'true';
    case 'date':
      return raw instanceof Date ? localDate(raw) : String(raw).slice(0, 10);
    case 'datetime':
      return new Date(raw as string | Date).toISOString();
    case 'json':
      return typeof raw === 'string' ? JSON.parse(raw) : raw;
    default:
      return raw;
  }
}

/** Timestamps of the built-in columns, as ISO 8601 UTC. */
export function shownTimestamp(raw: unknown): string {
  return new Date(raw as string | Date).toISOString();
}

/** node-postgres reads a `date` as local midnight; its local calendar day is the stored one. */
function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
