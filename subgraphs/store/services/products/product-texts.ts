import type { SqlEntityManager } from '../../../../lib/db';
import { ProductText } from '../../entities';
import { groupBy, valuesOf } from '../catalog/texts';
import { allocateHandle } from '../catalog/handles';
import type { ProductChanges, ProductTextField } from './product-input';
import type { LanguageValues } from '../language/language-values';

/** A product's text rows, one per language of the store. */
export async function loadProductTexts(em: SqlEntityManager, productId: number): Promise<ProductText[]> {
  return em.find(ProductText, { productId });
}

/** The language-aware values held by a product's text rows. */
export function textValues(rows: readonly ProductText[], languages: readonly string[]): Record<ProductTextField, LanguageValues> {
  return {
    name: valuesOf(rows, (row) => row.name, languages),
    description: valuesOf(rows, (row) => row.description, languages),
    handle: valuesOf(rows, (row) => row.handle, languages),
    seoTitle: valuesOf(rows, (row) => row.seoTitle, languages),
    seoDescription: valuesOf(rows, (row) => row.seoDescription, languages),
  };
}

/**
 * Writes the texts of a product (new, or with its current `rows`): the changed values, and a
 * handle per language when the handle was written, or when the product is new.
 */
export async function writeProductTexts(
  em: SqlEntityManager,
  product: { id: number; storeId: number },
  languages: readonly string[],
  texts: ProductChanges['texts'],
  rows: readonly ProductText[] = [],
): Promise<void> {
  const byLanguage = new Map([...groupBy(rows, (row) => row.language)].map(([language, [row]]) => [language, row]));
  const creating = rows.length === 0;
  for (const language of languages) {
    const row = byLanguage.get(language) ?? new ProductText(product.id, product.storeId, language);
    if (texts.name) row.name = texts.name[language];
    if (texts.description) row.description = texts.description[language];
    if (texts.seoTitle) row.seoTitle = texts.seoTitle[language];
    if (texts.seoDescription) row.seoDescription = texts.seoDescription[language];
    // A handle is chosen when written, for a new record, and when a name arrives for a language that had none.
    if (texts.handle || creating || !byLanguage.has(language) || (texts.name && row.handle === null)) {
      const owner = { kind: 'product' as const, id: creating ? undefined : product.id, storeId: product.storeId, language };
      row.handle = await allocateHandle(em, owner, texts.handle?.[language], row.name);
    }
    em.persist(row);
  }
}
