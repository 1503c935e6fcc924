import type { SqlEntityManager } from '../../../../lib/db';
import { AppError } from '../../../../lib/errors';
import { Cart, CartLine, Product, ProductText, Variant, type Store } from '../../entities';
import { applyCoupon } from '../coupons/coupon-rules';
import { formatHundredths } from '../language/money';
import type { LanguageValues } from '../language/language-values';
import { sellingPrice, type PricedLine } from '../orders/order-placement';
import { shippingOptionsFor } from './shipping-options';

export interface CartLineView {
  variantId: number;
  productId: number;
  name: string;
  handle: string;
  /** The variant's values in the page's language (`Red / M`), or "". */
  label: string;
  unitPrice: string | null;
  quantity: number;
  total: string | null;
  /** Why the line cannot be bought as it is (gone, unpublished, unpriced, short of stock), or null. */
  problem: string | null;
}

export interface CartView {
  token: string;
  storeId: number;
  storeName: string;
  language: string;
  currency: string;
  lines: CartLineView[];
  subtotal: string;
  couponCode: string | null;
  /** Why the cart's coupon does not apply now, or null. */
  couponProblem: string | null;
  discount: string;
  shippingOptions: Array<{ code: string; name: string; cost: string }>;
  orderId: number | null;
}

/** The cart as the shopper sees it now: every price read from the catalog, never from the cart. */
export async function cartView(em: SqlEntityManager, store: Store, cart: Cart, language: string): Promise<CartView> {
  const rows = await em.find(CartLine, { cartId: cart.id }, { orderBy: { id: 'asc' } });
  const variants = new Map((await em.find(Variant, { id: { $in: rows.map((row) => row.variantId) }, storeId: store.id })).map((variant) => [variant.id, variant]));
  const productIds = [...new Set([...variants.values()].map((variant) => variant.productId))];
  const products = new Map((await em.find(Product, { id: { $in: productIds } })).map((product) => [product.id, product]));
  const texts = await em.find(ProductText, { productId: { $in: productIds }, language: { $in: [language, store.mainLanguage] } });
  const textOf = (productId: number) =>
    texts.find((text) => text.productId === productId && text.language === language && text.name !== '') ?? texts.find((text) => text.productId === productId && text.language === store.mainLanguage);
  const priced: PricedLine[] = [];
  const lines = rows.map((row): CartLineView => {
    const variant = variants.get(row.variantId);
    const product = variant && products.get(variant.productId);
    const text = product && textOf(product.id);
    const price = variant ? sellingPrice(variant) : null;
    const values = variant ? (JSON.parse(variant.values) as LanguageValues[]) : [];
    const problem = !variant || !product || !product.published ? 'This product is no longer available' : price === null ? 'This product has no price' : variant.stockManagement && (variant.stock ?? 0) < row.quantity ? `Only ${variant.stock ?? 0} left` : null;
    if (problem === null) priced.push({ index: priced.length, variant: variant!, product: product!, name: text?.name ?? '', quantity: row.quantity });
    return {
      variantId: row.variantId,
      productId: variant?.productId ?? 0,
      name: text?.name ?? '',
      handle: text?.handle ?? '',
      label: values.map((value) => value[language] || value[store.mainLanguage] || '').filter(Boolean).join(' / '),
      unitPrice: formatHundredths(price),
      quantity: row.quantity,
      total: price === null ? null : formatHundredths(price * row.quantity),
      problem,
    };
  });
  const subtotal = priced.reduce((sum, line) => sum + sellingPrice(line.variant)! * line.quantity, 0);
  let discount = 0;
  let couponProblem: string | null = null;
  if (cart.couponCode !== null && priced.length > 0) {
    try {
      discount = (await applyCoupon(em, store.id, cart.couponCode, priced, 0)).discount;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'INVALID_FIELDS') throw error;
      couponProblem = error.message.replace(/^coupon /, '');
    }
  }
  const allFree = priced.length > 0 && priced.every((line) => line.product.freeShipping);
  return {
    token: cart.token,
    storeId: store.id,
    storeName: store.name,
    language,
    currency: store.currency,
    lines,
    subtotal: formatHundredths(subtotal)!,
    couponCode: cart.couponCode,
    couponProblem,
    discount: formatHundredths(discount)!,
    shippingOptions: shippingOptionsFor(allFree, language).map((option) => ({ ...option, cost: formatHundredths(option.cost)! })),
    orderId: cart.orderId,
  };
}
