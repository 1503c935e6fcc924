import type { LanguageValues } from '../language/language-values';
import { inStoreOrder } from '../language/language-values';

/** Rows holding one record's language-aware values, one row per language. */
export interface TextRow {
  language: string;
  handle: string | null;
}

/** Gathers one field of a record's text rows into a language-aware value in the store order. */
export function valuesOf<Row extends TextRow>(rows: readonly Row[], read: (row: Row) => string | null, languages: readonly string[]): LanguageValues {
  const values: LanguageValues = {};
  for (const row of rows) values[row.language] = read(row) ?? '';
  return inStoreOrder(values, languages);
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
