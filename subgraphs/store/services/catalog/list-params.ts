import { FieldErrors } from '../../../../lib/errors';
import { parseIsoDate } from '../language/iso-date';

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

/** A date filter in any ISO 8601 form (see parseIsoDate); 422 on `field` otherwise. */
export function readDate(errors: FieldErrors, field: string, value: string | null | undefined): Date | undefined {
  if (value == null) return undefined;
  const date = parseIsoDate(value);
  if (!date) errors.add(field, 'must be an ISO 8601 date, e.g. 2024-01-31T12:00:00+0000');
  return date;
}

/** When a listed row was created or last changed: the dates every store list filters on. */
export interface ChangeWindowFields {
  createdAtMin?: string | null;
  createdAtMax?: string | null;
  updatedAtMin?: string | null;
  updatedAtMax?: string | null;
}

export type ChangeWindowCondition = { createdAt: { $gte: Date } | { $lte: Date } } | { updatedAt: { $gte: Date } | { $lte: Date } };

const CHANGE_WINDOW = [
  ['createdAt', '$gte', 'createdAtMin', 'created_at_min'],
  ['createdAt', '$lte', 'createdAtMax', 'created_at_max'],
  ['updatedAt', '$gte', 'updatedAtMin', 'updated_at_min'],
  ['updatedAt', '$lte', 'updatedAtMax', 'updated_at_max'],
] as const;

/** A list's change window, checked (422 on each bad date), as one condition on the rows per date given. */
export function readChangeWindow(errors: FieldErrors, filter: ChangeWindowFields): ChangeWindowCondition[] {
  return CHANGE_WINDOW.flatMap(([column, operator, key, field]) => {
    const date = readDate(errors, field, filter[key]);
    return date ? [{ [column]: { [operator]: date } } as ChangeWindowCondition] : [];
  });
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
