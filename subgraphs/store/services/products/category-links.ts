import type { SqlEntityManager } from '../../../../lib/db';
import { invalidField } from '../../../../lib/errors';
import { Category, ProductCategory } from '../../entities';

/** Checks that every id names a category of the store (422 on `categories` naming the others). */
export async function checkCategoryIds(em: SqlEntityManager, storeId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set((await em.find(Category, { storeId, id: { $in: [...ids] } }, { fields: ['id'] })).map((category) => category.id));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) throw invalidField('categories', `unknown category ids: ${unknown.join(', ')}`);
}

/** Makes the product's categories exactly `ids`, in that order. */
export async function replaceCategoryLinks(em: SqlEntityManager, product: { id: number; storeId: number }, ids: readonly number[]): Promise<void> {
  await em.nativeDelete(ProductCategory, { productId: product.id });
  for (const categoryId of ids) em.persist(new ProductCategory(product.id, categoryId, product.storeId));
}
