import type { SqlEntityManager } from '../../../../lib/db';
import { Product, ProductImage, ProductText, Store, Variant } from '../../entities';
import { formatHundredths } from '../language/money';
import { knexOf, sqlValue, tableOf } from '../store-tables';
import { groupBy } from '../catalog/texts';

export const MAX_BRAND_PRODUCTS = 50;

export interface BrandProduct {
  id: number;
  storeId: number;
  name: string;
  handle: string;
  price: string | null;
  image: string | null;
}

/**
 * The published products, of stores that are not suspended, whose brand is `brandName`
 * (case-insensitively), newest first, at most 50: what the feed shows under a brand. One index
 * range `(brand_key, published, id)` walked backwards, then a fixed number of reads.
 */
export async function productsOfBrand(em: SqlEntityManager, brandName: string): Promise<BrandProduct[]> {
  const knex = knexOf(em);
  const rows: Array<{ id: number; store_id: number; main_language: string }> = await knex({ p: tableOf(em, Product) })
    .join({ s: tableOf(em, Store) }, 's.id', 'p.store_id')
    .select('p.id', 'p.store_id', 's.main_language')
    .where('p.brand_key', brandName.trim().toLowerCase())
    .andWhere('p.published', sqlValue(em, true) as boolean)
    .andWhere('s.paid_until', '>', sqlValue(em, new Date()) as Date)
    .orderBy('p.id', 'desc')
    .limit(MAX_BRAND_PRODUCTS);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  const [texts, variants, images] = await Promise.all([
    em.find(ProductText, { productId: { $in: ids } }, { fields: ['productId', 'language', 'name', 'handle'] }),
    em.find(Variant, { productId: { $in: ids } }, { orderBy: { position: 'asc', id: 'asc' }, fields: ['productId', 'price'] }),
    em.find(ProductImage, { productId: { $in: ids } }, { orderBy: { position: 'asc', id: 'asc' }, fields: ['productId', 'src'] }),
  ]);
  const textsOf = groupBy(texts, (text) => text.productId);
  const firstVariant = groupBy(variants, (variant) => variant.productId);
  const firstImage = groupBy(images, (image) => image.productId);
  return rows.map((row) => {
    const id = Number(row.id);
    const text = textsOf.get(id)?.find((candidate) => candidate.language === row.main_language);
    return {
      id,
      storeId: Number(row.store_id),
      name: text?.name ?? '',
      handle: text?.handle ?? '',
      price: formatHundredths(firstVariant.get(id)?.[0]?.price ?? null),
      image: firstImage.get(id)?.[0]?.src ?? null,
    };
  });
}
