import { FieldErrors } from '../../../../lib/errors';
import { readLanguageValue, type LanguageValues } from '../language/language-values';
import { optionalText } from '../catalog/field-rules';

export const CATEGORY_TEXT_FIELDS = [
  ['name', 'name', 500],
  ['description', 'description', 100_000],
  ['handle', 'handle', 200],
] as const;
export type CategoryTextField = (typeof CATEGORY_TEXT_FIELDS)[number][0];

/** The written fields of a category, as GraphQL hands them over (absent: undefined). */
export interface CategoryFields {
  name?: unknown;
  description?: unknown;
  handle?: unknown;
  parent?: number | null;
  googleShoppingCategory?: string | null;
}

export interface CategoryChanges {
  texts: Partial<Record<CategoryTextField, LanguageValues>>;
  /** undefined: unchanged; null: top level. */
  parent?: number | null;
  googleShoppingCategory?: string | null;
}

/** Reads a category input against the store's languages (name required on create). */
export function readCategoryFields(fields: CategoryFields, languages: readonly string[], previous?: Partial<Record<CategoryTextField, LanguageValues>>): CategoryChanges {
  const errors = new FieldErrors();
  const changes: CategoryChanges = { texts: {} };
  for (const [key, rest, max] of CATEGORY_TEXT_FIELDS) {
    if (fields[key] === undefined) continue;
    errors.check(() => (changes.texts[key] = readLanguageValue(rest, fields[key], languages, previous?.[key] ?? {}, max)));
  }
  const name = changes.texts.name;
  if ((!previous && fields.name === undefined) || (name && Object.values(name).every((value) => value.trim() === ''))) errors.add('name', "can't be blank");
  if (fields.parent !== undefined) changes.parent = fields.parent === 0 ? null : fields.parent;
  if (fields.googleShoppingCategory !== undefined) {
    errors.check(() => (changes.googleShoppingCategory = optionalText('google_shopping_category', fields.googleShoppingCategory ?? null, 500)));
  }
  errors.throwIfAny();
  return changes;
}
