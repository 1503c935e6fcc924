import type { SqlEntityManager } from '../../../../lib/db';
import { NO_PRICE, UNLIMITED_STOCK, Variant, type Product } from '../../entities';

/**
 * Refreshes what a product keeps from its variants for sorting and filtering: the lowest price
 * and the stock (the sum over variants that manage stock). Called in every transaction that
 * changes the variants.
 */
export async function refreshVariantSummary(em: SqlEntityManager, product: Product): Promise<void> {
  const variants = await em.find(Variant, { productId: product.id }, { fields: ['price', 'stockManagement', 'stock'] });
  const prices = variants.flatMap((variant) => (variant.price === null ? [] : [variant.price]));
  const managed = variants.filter((variant) => variant.stockManagement);
  product.sortPrice = prices.length === 0 ? NO_PRICE : Math.min(...prices);
  product.stock = managed.length === 0 ? UNLIMITED_STOCK : Math.min(UNLIMITED_STOCK - 1, managed.reduce((sum, variant) => sum + (variant.stock ?? 0), 0));
}
