import type { SqlEntityManager } from '../../../../lib/db';
import { CategoryText, Product, ProductImage, ProductText, Category, Variant } from '../../entities';
import { knexOf, tableOf } from '../store-tables';

const BATCH = 500;

/**
 * Brings a store's catalog to a new set of languages, inside the caller's transaction: text rows
 * of a removed language go; every product and category gets an empty text row for an added one;
 * values a language had before it was last removed are cleared from the JSON columns (which
 * are read through the store's languages, so a removed language is already invisible there).
 */
export async function changeCatalogLanguages(em: SqlEntityManager, storeId: number, change: { added: string[]; removed: string[] }): Promise<void> {
  if (change.removed.length > 0) {
    await em.nativeDelete(ProductText, { storeId, language: { $in: change.removed } });
    await em.nativeDelete(CategoryText, { storeId, language: { $in: change.removed } });
  }
  const knex = knexOf(em);
  for (const language of change.added) {
    await knex
      .into(knex.raw('?? (product_id, store_id, language, name, description, handle, seo_title, seo_description)', [tableOf(em, ProductText)]))
      .insert(knex.select('id', 'store_id', knex.raw('?', [language]), knex.raw("''"), knex.raw("''"), knex.raw('null'), knex.raw("''"), knex.raw("''")).from(tableOf(em, Product)).where('store_id', storeId));
    await knex
      .into(knex.raw('?? (category_id, store_id, language, name, description, handle)', [tableOf(em, CategoryText)]))
      .insert(knex.select('id', 'store_id', knex.raw('?', [language]), knex.raw("''"), knex.raw("''"), knex.raw('null')).from(tableOf(em, Category)).where('store_id', storeId));
    await clearStaleLanguage(em, storeId, language);
  }
}

/** Drops `language` from the JSON values of a store's rows that still hold it from an earlier life. */
async function clearStaleLanguage(em: SqlEntityManager, storeId: number, language: string): Promise<void> {
  const marker = `%"${language}":%`;
  const drop = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(drop);
    if (value !== null && typeof value === 'object') {
      const { [language]: _stale, ...rest } = value as Record<string, unknown>;
      return rest;
    }
    return value;
  };
  for (const [entity, column] of [[Product, 'attributes'], [Variant, 'values'], [ProductImage, 'alt']] as const) {
    let afterId = 0;
    for (;;) {
      const rows = (await em.find(entity as typeof Product, { storeId, id: { $gt: afterId }, [column]: { $like: marker } } as never, {
        orderBy: { id: 'asc' },
        limit: BATCH,
        fields: ['id', column] as never,
      })) as unknown as Array<{ id: number } & Record<string, string>>;
      if (rows.length === 0) break;
      for (const row of rows) {
        await em.nativeUpdate(entity as typeof Product, { id: row.id }, { [column]: JSON.stringify(drop(JSON.parse(row[column]))) } as never);
      }
      afterId = rows[rows.length - 1].id;
    }
  }
}
