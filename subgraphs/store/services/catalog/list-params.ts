import { FieldErrors } from '../../../../lib/errors';

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 200;

/** Page and page size of a list, checked (422 on `page` / `per_page`). */
export function readPaging(errors: FieldErrors, page: number | null | undefined, perPage: number | null | undefined): { page: number; perPage: number } {
  const checkedPage = page ?? 1;
  const checkedPerPage = perPage ?? DEFAULT_PER_PAGE;
  if (!Number.isInteger(checkedPage) || checkedPage < 1) errors.add('page', 'must be an integer greater than or equal to 1');
  if (!Number.isInteger(checkedPerPage) || checkedPerPage < 1 || checkedPerPage > MAX_PER_PAGE) {
    errors.add('per_page', `must be an integer between 1 and ${MAX_PER_PAGE}`);
  }
  return { page: checkedPage, perPage: checkedPerPage };
}

/**
 * A date filter in any ISO 8601 form the API's callers send: `Z`, `+00:00` or `+0000` offsets, with
 * or without seconds and fractions, or a plain date (midnight UTC).
 */
export function readDate(errors: FieldErrors, field: string, value: string | null | undefined): Date | undefined {
  if (value == null) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(value.trim());
  const date = match ? new Date(`${match[1]}T${match[2] ?? '00:00:00'}${normaliseOffset(match[3])}`) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    errors.add(field, 'must be an ISO 8601 date, e.g. 2024-01-31T12:00:00+0000');
    return undefined;
  }
  return date;
}

function normaliseOffset(offset: string | undefined): string {
  if (offset === undefined || offset.toUpperCase() === 'Z') return 'Z';
  return offset.includes(':') ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
}

/** The language a filter uses: one of the store's (422 on `language`), else the main one. */
export function readLanguage(errors: FieldErrors, value: string | null | undefined, languages: readonly string[], main: string): string {
  if (value == null) return main;
  if (!languages.includes(value)) errors.add('language', `must be one of the store's languages: ${languages.join(', ')}`);
  return value;
}

export function readId(errors: FieldErrors, field: string, value: number | null | undefined): number | undefined {
  if (value == null) return undefined;
  if (!Number.isInteger(value) || value < 0) errors.add(field, 'must be an integer greater than or equal to 0');
  return value;
}
