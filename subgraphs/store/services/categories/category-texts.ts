import type { SqlEntityManager } from '../../../../lib/db';
import { CategoryText } from '../../entities';
import { allocateHandle } from '../catalog/handles';
import { valuesOf } from '../catalog/texts';
import type { LanguageValues } from '../language/language-values';
import type { CategoryChanges, CategoryTextField } from './category-input';

export function categoryTextValues(rows: readonly CategoryText[], languages: readonly string[]): Record<CategoryTextField, LanguageValues> {
  return {
    name: valuesOf(rows, (row) => row.name, languages),
    description: valuesOf(rows, (row) => row.description, languages),
    handle: valuesOf(rows, (row) => row.handle, languages),
  };
}

/** Writes a category's texts; handles as for products (see allocateHandle). */
export async function writeCategoryTexts(
  em: SqlEntityManager,
  category: { id: number; storeId: number },
  languages: readonly string[],
  texts: CategoryChanges['texts'],
  rows: readonly CategoryText[] = [],
): Promise<void> {
  const byLanguage = new Map(rows.map((row) => [row.language, row]));
  const creating = rows.length === 0;
  for (const language of languages) {
    const row = byLanguage.get(language) ?? new CategoryText(category.id, category.storeId, language);
    if (texts.name) row.name = texts.name[language];
    if (texts.description) row.description = texts.description[language];
    // A handle is chosen when written, for a new record, and when a name arrives for a language that had none.
    if (texts.handle || creating || !byLanguage.has(language) || (texts.name && row.handle === null)) {
      const owner = { kind: 'category' as const, id: creating ? undefined : category.id, storeId: category.storeId, language };
      row.handle = await allocateHandle(em, owner, texts.handle?.[language], row.name);
    }
    em.persist(row);
  }
}
