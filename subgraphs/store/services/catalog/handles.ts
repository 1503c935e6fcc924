import type { SqlEntityManager } from '../../../../lib/db';
import { CategoryText, ProductText } from '../../entities';
import { freeHandle, slugOf } from '../language/slug';

/**
 * Picks the handle a product's or category's text gets in one language: the slug of what was
 * written (or of the name, when nothing or nothing usable was), numbered `-2`, `-3`… past the
 * handles other records of the store hold in that language. Callers hold the store's row lock,
 * so two writers never pick the same handle; the unique index backs this up.
 */
export async function allocateHandle(
  em: SqlEntityManager,
  owner: { kind: 'product' | 'category'; id: number | undefined; storeId: number; language: string },
  written: string | undefined,
  name: string,
): Promise<string | null> {
  const base = slugOf(written ?? '') || slugOf(name);
  if (base === '') return null;
  const pattern = { $or: [{ handle: base }, { handle: { $like: `${base}-%` } }] };
  const rows =
    owner.kind === 'product'
      ? await em.find(ProductText, { storeId: owner.storeId, language: owner.language, ...pattern, ...(owner.id && { productId: { $ne: owner.id } }) }, { fields: ['handle'] })
      : await em.find(CategoryText, { storeId: owner.storeId, language: owner.language, ...pattern, ...(owner.id && { categoryId: { $ne: owner.id } }) }, { fields: ['handle'] });
  return freeHandle(base, new Set(rows.map((row) => row.handle ?? '')));
}
