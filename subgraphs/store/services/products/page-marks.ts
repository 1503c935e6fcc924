import { raw } from '@mikro-orm/core';
import type { SqlEntityManager } from '../../../../lib/db';
import { Product, ProductPageMark, Store } from '../../entities';
import { knexOf, tableOf } from '../store-tables';

/** Products per run between two marks (see ProductPageMark). */
export const RUN_LENGTH = 1000;

/**
 * Counts a new product into the marks, inside the transaction that inserts it, after the store's
 * row was locked and `store.productsCreated` counted it: every RUN_LENGTH-th product opens a run.
 */
export async function markCreated(em: SqlEntityManager, store: Store, productId: number): Promise<void> {
  const latest = await em.findOne(ProductPageMark, { storeId: store.id }, { orderBy: { firstProductId: 'desc' } });
  if (!latest || (store.productsCreated - 1) % RUN_LENGTH === 0) {
    em.persist(new ProductPageMark(store.id, productId, 1));
    return;
  }
  await em.createQueryBuilder(ProductPageMark).update({ productCount: raw('product_count + 1') }).where({ id: latest.id }).execute('run');
}

/** Counts a deleted product out of the run that holds it. */
export async function markDeleted(em: SqlEntityManager, storeId: number, productId: number): Promise<void> {
  const run = await em.findOne(ProductPageMark, { storeId, firstProductId: { $lte: productId } }, { orderBy: { firstProductId: 'desc' } });
  if (run) await em.createQueryBuilder(ProductPageMark).update({ productCount: raw('product_count - 1') }).where({ id: run.id }).execute('run');
}

/**
 * Where the `offset`-th product of the store (in id order) is found: the first id of the run that
 * holds it and the offset left within that run. The database sums the store's marks (a thousandth
 * of its products) and hands back the one run; the page query then skips fewer than RUN_LENGTH rows.
 */
export async function seekOffset(em: SqlEntityManager, storeId: number, offset: number): Promise<{ fromId: number; offset: number }> {
  const knex = knexOf(em);
  const runs = knex
    .from(tableOf(em, ProductPageMark))
    .select('first_product_id', 'product_count', knex.raw('sum(product_count) over (order by first_product_id) as upto'))
    .where('store_id', storeId)
    .as('runs');
  const found: Array<{ first_product_id: number; product_count: number; upto: number }> = await knex
    .from(runs)
    .select('first_product_id', 'product_count', 'upto')
    .where('upto', '>', offset)
    .orderBy('first_product_id', 'asc')
    .limit(1);
  if (found.length === 0) return { fromId: Number.MAX_SAFE_INTEGER, offset: 0 };
  const run = found[0];
  return { fromId: Number(run.first_product_id), offset: offset - (Number(run.upto) - Number(run.product_count)) };
}

/**
 * Rebuilds a store's counters and marks from its products: for rows written in bulk outside the
 * services (seeding, imports). Reads the store's ids in index order, a run at a time.
 */
export async function rebuildCatalogCounters(em: SqlEntityManager, storeId: number): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.nativeDelete(ProductPageMark, { storeId });
    let count = 0;
    let afterId = 0;
    for (;;) {
      const ids = await tx.find(Product, { storeId, id: { $gt: afterId } }, { fields: ['id'], orderBy: { id: 'asc' }, limit: RUN_LENGTH });
      if (ids.length === 0) break;
      tx.persist(new ProductPageMark(storeId, ids[0].id, ids.length));
      count += ids.length;
      afterId = ids[ids.length - 1].id;
      await tx.flush();
      tx.clear();
    }
    const publishedCount = await tx.count(Product, { storeId, published: true });
    const freeShippingCount = await tx.count(Product, { storeId, freeShipping: true });
    await tx.nativeUpdate(Store, { id: storeId }, { productCount: count, productsCreated: count, publishedCount, freeShippingCount });
  });
}
