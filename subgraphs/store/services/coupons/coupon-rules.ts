import type { SqlEntityManager } from '../../../../lib/db';
import { invalidField } from '../../../../lib/errors';
import { Coupon, ProductCategory } from '../../entities';
import { formatHundredths } from '../language/money';
import type { PricedLine } from '../orders/order-placement';
import { sellingPrice } from '../orders/order-placement';

/** What a coupon takes off an order. */
export interface CouponDiscount {
  coupon: Coupon;
  /** Off the lines' subtotal, in hundredths. */
  discount: number;
  /** Off the shipping cost (a `shipping` coupon makes shipping free). */
  shippingDiscount: number;
}

/** A coupon's problem, on the `coupon` field: the shopper (or app) sent the code. */
const refusedCoupon = (message: string) => invalidField('coupon', message);

/** Half-up rounding of `amount × percent` where both are in hundredths. */
const percentOf = (amount: number, percentHundredths: number) => Math.floor((amount * percentHundredths + 5000) / 10000);

/**
 * The coupon with this code (any case) applied to the order's lines, by every rule: enabled,
 * within its days (UTC), not used up, the subtotal of the lines it applies to (its categories',
 * or all) at least its minimum. Call it under the store's lock in the transaction that places the
 * order, then `consume` it there: that is what keeps `used` exact and within `max_uses`.
 */
export async function applyCoupon(em: SqlEntityManager, storeId: number, code: string, lines: readonly PricedLine[], shippingCost: number, now = new Date()): Promise<CouponDiscount> {
  const coupon = await em.findOne(Coupon, { storeId, codeKey: code.trim().toLowerCase() });
  if (!coupon) throw refusedCoupon(`${code} is not a coupon of this store`);
  const today = now.toISOString().slice(0, 10);
  if (!coupon.valid) throw refusedCoupon(`${coupon.code} is not valid`);
  if (coupon.startDate && today < coupon.startDate) throw refusedCoupon(`${coupon.code} is valid from ${coupon.startDate}`);
  if (coupon.endDate && today > coupon.endDate) throw refusedCoupon(`${coupon.code} expired on ${coupon.endDate}`);
  if (coupon.maxUses !== null && coupon.used >= coupon.maxUses) throw refusedCoupon(`${coupon.code} has reached its maximum uses`);
  const eligible = await eligibleLines(em, coupon, lines);
  if (eligible.length === 0) throw refusedCoupon(`${coupon.code} does not apply to these products`);
  const base = eligible.reduce((sum, line) => sum + sellingPrice(line.variant)! * line.quantity, 0);
  if (coupon.minPrice !== null && base < coupon.minPrice) throw refusedCoupon(`${coupon.code} needs a purchase of at least ${formatHundredths(coupon.minPrice)}`);
  if (coupon.type === 'shipping') return { coupon, discount: 0, shippingDiscount: shippingCost };
  const discount = coupon.type === 'percentage' ? percentOf(base, coupon.value!) : Math.min(base, coupon.value!);
  return { coupon, discount, shippingDiscount: 0 };
}

/** Counts the use, in the order's transaction (the store's lock is held, so nobody else counts). */
export function consume(coupon: Coupon): void {
  coupon.used += 1;
  coupon.updatedAt = new Date();
}

async function eligibleLines(em: SqlEntityManager, coupon: Coupon, lines: readonly PricedLine[]): Promise<readonly PricedLine[]> {
  if (coupon.categories === null) return lines;
  const categories = JSON.parse(coupon.categories) as number[];
  const links = await em.find(ProductCategory, { categoryId: { $in: categories }, productId: { $in: lines.map((line) => line.product.id) } });
  const products = new Set(links.map((link) => link.productId));
  return lines.filter((line) => products.has(line.product.id));
}
