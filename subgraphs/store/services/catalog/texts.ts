import type { LanguageValues } from '../language/language-values';

/** Rows holding one record's language-aware values, one row per language. */
export interface TextRow {
  language: string;
  handle: string | null;
}

/**
 * Gathers one field of a record's text rows into a language-aware value in the store order (as
 * `inStoreOrder` orders one): a record has a row per language at most, so each language looks
 * through its few rows rather than gathering them into an object first.
 */
export function valuesOf<Row extends TextRow>(rows: readonly Row[], read: (row: Row) => string | null, languages: readonly string[]): LanguageValues {
  const values: LanguageValues = {};
  for (const language of languages) {
    let value = '';
    for (const row of rows) if (row.language === language) value = read(row) ?? '';
    values[language] = value;
  }
  return values;
}

/** Groups rows by the record they belong to. */
export function groupBy<Row, Key>(rows: readonly Row[], key: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
