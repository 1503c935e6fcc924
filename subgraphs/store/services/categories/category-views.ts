import type { SqlEntityManager } from '../../../../lib/db';
import { Category, CategoryText } from '../../entities';
import { groupBy, valuesOf } from '../catalog/texts';
import type { CategoryView } from '../catalog/views';

/** Categories as the API shows them: their texts in every store language and their children's ids. */
export async function categoryViews(em: SqlEntityManager, categories: readonly Category[], languages: readonly string[]): Promise<CategoryView[]> {
  if (categories.length === 0) return [];
  const ids = categories.map((category) => category.id);
  const [texts, children] = await Promise.all([
    em.find(CategoryText, { categoryId: { $in: ids } }),
    em.find(Category, { parentId: { $in: ids } }, { fields: ['id', 'parentId'], orderBy: { id: 'asc' } }),
  ]);
  const textsOf = groupBy(texts, (text) => text.categoryId);
  const childrenOf = groupBy(children, (child) => child.parentId);
  return categories.map((category) => {
    const rows = textsOf.get(category.id) ?? [];
    return {
      id: category.id,
      name: valuesOf(rows, (row) => row.name, languages),
      description: valuesOf(rows, (row) => row.description, languages),
      handle: valuesOf(rows, (row) => row.handle, languages),
      parent: category.parentId,
      subcategories: (childrenOf.get(category.id) ?? []).map((child) => child.id),
      googleShoppingCategory: category.googleShoppingCategory,
      createdAt: category.createdAt,
      updatedAt: category.updatedAt,
    };
  });
}
