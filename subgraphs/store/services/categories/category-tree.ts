import type { SqlEntityManager } from '../../../../lib/db';
import { invalidField } from '../../../../lib/errors';
import { Category } from '../../entities';

/** The ids of a category and everything under it, level by level (one query per level). */
export async function subtreeOf(em: SqlEntityManager, storeId: number, rootId: number): Promise<number[]> {
  const all = [rootId];
  let level = [rootId];
  while (level.length > 0) {
    const children = await em.find(Category, { storeId, parentId: { $in: level } }, { fields: ['id'] });
    level = children.map((child) => child.id).filter((id) => !all.includes(id));
    all.push(...level);
  }
  return all;
}

/**
 * Checks a new parent: a category of the store (422 on `parent` otherwise) that is neither the
 * category itself nor one of its descendants, walking up from the parent (a cycle → 422).
 */
export async function checkParent(em: SqlEntityManager, storeId: number, parentId: number, categoryId?: number): Promise<void> {
  let current: number | null = parentId;
  const seen = new Set<number>();
  while (current !== null) {
    if (current === categoryId) throw invalidField('parent', 'would make a cycle: a category cannot be under itself');
    if (seen.has(current)) break;
    seen.add(current);
    const row: { parentId: number | null } | null = await em.findOne(Category, { id: current, storeId }, { fields: ['id', 'parentId'] });
    if (!row) {
      if (current === parentId) throw invalidField('parent', `unknown category ${parentId}`);
      break;
    }
    current = row.parentId;
  }
}
