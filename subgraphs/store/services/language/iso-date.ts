/**
 * A date in any ISO 8601 form the store API's callers send: `Z`, `+00:00` or `+0000` offsets, with
 * or without seconds and fractions, or a plain date (midnight UTC); undefined for anything else.
 */
export function parseIsoDate(value: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(value.trim());
  const date = match ? new Date(`${match[1]}T${match[2] ?? '00:00:00'}${normaliseOffset(match[3])}`) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

function normaliseOffset(offset: string | undefined): string {
  if (offset === undefined || offset.toUpperCase() === 'Z') return 'Z';
  return offset.includes(':') ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
}
