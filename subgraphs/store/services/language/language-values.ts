import { invalidField } from '../../../../lib/errors';

/** A language-aware value: one string per language code. */
export type LanguageValues = Record<string, string>;

/** A value with every language of the store, in the store's order; a missing language reads "". */
export function inStoreOrder(values: Readonly<LanguageValues>, languages: readonly string[]): LanguageValues {
  const ordered: LanguageValues = {};
  for (const language of languages) ordered[language] = Object.hasOwn(values, language) ? values[language] : '';
  return ordered;
}

/**
 * Reads a written language-aware value: a string applies to every language of the store; an
 * object gives some languages (null reads as "") and leaves the others to `previous` (or "" for
 * a new record). A language the store lacks, or a value of another type, fails on the field.
 */
export function readLanguageValue(
  field: string,
  written: unknown,
  languages: readonly string[],
  previous: Readonly<LanguageValues> = {},
  maxLength?: number,
): LanguageValues {
  const values = inStoreOrder(previous, languages);
  if (typeof written === 'string') {
    for (const language of languages) values[language] = written;
  } else if (written !== null && typeof written === 'object' && !Array.isArray(written)) {
    for (const [language, value] of Object.entries(written)) {
      if (!languages.includes(language)) throw invalidField(field, `has an unknown language: ${language} (the store's languages: ${languages.join(', ')})`);
      if (value !== null && typeof value !== 'string') throw invalidField(field, `must hold a string for ${language}`);
      values[language] = value ?? '';
    }
  } else {
    throw invalidField(field, 'must be a string or an object keyed by language');
  }
  if (maxLength !== undefined) {
    for (const [language, value] of Object.entries(values)) {
      if (value.length > maxLength) throw invalidField(field, `is too long for ${language} (maximum is ${maxLength} characters)`);
    }
  }
  return values;
}

/** Parses a stored JSON language-aware object, tolerating anything that is not one (as empty). */
export function parseStoredValues(json: string): LanguageValues {
  const parsed: unknown = JSON.parse(json);
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as LanguageValues) : {};
}

/** Parses a stored JSON list of language-aware objects. */
export function parseStoredValueList(json: string): LanguageValues[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as LanguageValues[]) : [];
}

/**
 * Reads a written list of language-aware values (variant `values`, product `attributes`): each
 * entry as `readLanguageValue`, over the entry at the same place in `previous`.
 */
export function readLanguageValueList(
  field: string,
  written: unknown,
  languages: readonly string[],
  previous: readonly LanguageValues[] = [],
  maxEntries = 3,
): LanguageValues[] {
  if (!Array.isArray(written)) throw invalidField(field, 'must be a list');
  if (written.length > maxEntries) throw invalidField(field, `must have at most ${maxEntries} entries`);
  return written.map((entry, index) => readLanguageValue(field, entry, languages, previous[index] ?? {}, 200));
}
