import type { EntityClass, FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import type { SqlEntityManager } from '../../../../lib/db';
import { FieldErrors } from '../../../../lib/errors';
import { Product, type ProductImage, type Variant } from '../../entities';
import { productNotFound } from '../catalog/catalog-errors';
import { readPaging } from '../catalog/list-params';
import { lockStore } from '../catalog/store-lock';
import { enqueueStoreEvent } from '../webhooks/outbox';

/**
 * The rows a product holds in position order, each with its own routes under
 * `/products/{id}/…`: its images and its variants. What their services share lives here: the
 * product they hang from, a page of them, and the shape of every write.
 */
type ProductPart = ProductImage | Variant;

/** The store's product, or the 404 every route under `/products/{id}/…` answers. */
export async function productOf(em: SqlEntityManager, storeId: number, productId: number): Promise<Product> {
  const product = await em.findOne(Product, { id: productId, storeId });
  if (!product) throw productNotFound(productId);
  return product;
}

/** One page of a product's parts, in position order (422 on bad paging, 404 on another store's product). */
export async function pageOfParts<Part extends ProductPart>(
  em: SqlEntityManager,
  entity: EntityClass<Part>,
  storeId: number,
  productId: number,
  page?: number | null,
  perPage?: number | null,
): Promise<{ totalCount: number; page: number; perPage: number; parts: Part[] }> {
  const errors = new FieldErrors();
  const paging = readPaging(errors, page, perPage);
  errors.throwIfAny();
  await productOf(em, storeId, productId);
  const [parts, totalCount] = await em.findAndCount(entity, { productId } as FilterQuery<Part>, {
    orderBy: { position: 'asc', id: 'asc' } as QueryOrderMap<Part>,
    limit: paging.perPage,
    offset: (paging.page - 1) * paging.perPage,
  });
  return { totalCount, ...paging, parts };
}

/** The position after the product's last part: where a new one goes when none is given. */
export async function nextPosition<Part extends ProductPart>(em: SqlEntityManager, entity: EntityClass<Part>, productId: number): Promise<number> {
  const last = await em.findOne(entity, { productId } as FilterQuery<Part>, { orderBy: { position: 'desc' } as QueryOrderMap<Part> });
  return (last?.position ?? 0) + 1;
}

/**
 * A write to a product's parts: under the store's lock, with the product found first, and
 * announced as `product/updated` in the same transaction (webhooks get it only if it commits).
 */
export function changeProductParts<T>(
  em: SqlEntityManager,
  storeId: number,
  productId: number,
  change: (em: SqlEntityManager, product: Product) => Promise<T>,
): Promise<T> {
  return em.transactional(async (tx) => {
    await lockStore(tx, storeId);
    const result = await change(tx, await productOf(tx, storeId, productId));
    await enqueueStoreEvent(tx, { storeId, event: 'product/updated', id: productId });
    return result;
  });
}
