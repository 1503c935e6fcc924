import { randomBytes } from 'node:crypto';
import type { SqlEntityManager } from '../../../../lib/db';
import { FieldErrors } from '../../../../lib/errors';
import { Customer, Order, OrderLine, Product, ProductText, Variant, type Store } from '../../entities';
import { refreshVariantSummary } from '../products/product-summary';
import { enqueueStoreEvent, enqueueStoreEvents } from '../webhooks/outbox';
import type { OrderDraft } from './order-input';

/** The first order of a store is number 100, as the API's stores count. */
export const FIRST_ORDER_NUMBER = 100;

/** A line priced from the catalog, as the order will keep it. */
export interface PricedLine {
  index: number;
  variant: Variant;
  product: Product;
  name: string;
  quantity: number;
}

/** The price a shopper pays for a variant: its promotional price when it has a lower one. */
export function sellingPrice(variant: Variant): number | null {
  if (variant.price === null) return variant.promotionalPrice;
  return variant.promotionalPrice !== null && variant.promotionalPrice < variant.price ? variant.promotionalPrice : variant.price;
}

/**
 * The draft's lines against the catalog of the store: each variant must exist in the store and
 * have a price, and the quantities asked of a variant (summed over lines) must not exceed its
 * stock when it manages stock. Every line at fault is named in one 422 (`products[1].quantity`:
 * "exceeds the stock of variant 12 (2 left)"). Call it under the store's lock, so that the stock it
 * sees is the stock the order takes.
 */
export async function priceLines(em: SqlEntityManager, storeId: number, lines: OrderDraft['lines'], language: string, mainLanguage: string): Promise<PricedLine[]> {
  const errors = new FieldErrors();
  const ids = [...new Set(lines.map((line) => line.variantId))];
  const variants = new Map((await em.find(Variant, { id: { $in: ids }, storeId })).map((variant) => [variant.id, variant]));
  const productIds = [...new Set([...variants.values()].map((variant) => variant.productId))];
  const products = new Map((await em.find(Product, { id: { $in: productIds } })).map((product) => [product.id, product]));
  const texts = await em.find(ProductText, { productId: { $in: productIds }, language: { $in: [language, mainLanguage] } }, { fields: ['productId', 'language', 'name'] });
  const nameOf = (productId: number) =>
    texts.find((text) => text.productId === productId && text.language === language && text.name !== '')?.name ??
    texts.find((text) => text.productId === productId && text.language === mainLanguage)?.name ??
    '';
  const asked = new Map<number, number>();
  const priced: PricedLine[] = [];
  lines.forEach((line, index) => {
    const variant = variants.get(line.variantId);
    if (!variant) return errors.add(`products[${index}].variant_id`, `Variant ${line.variantId} not found`);
    if (sellingPrice(variant) === null) return errors.add(`products[${index}].variant_id`, `Variant ${line.variantId} has no price and cannot be sold`);
    const total = (asked.get(variant.id) ?? 0) + line.quantity;
    asked.set(variant.id, total);
    if (variant.stockManagement && (variant.stock ?? 0) < total) {
      return errors.add(`products[${index}].quantity`, `exceeds the stock of variant ${variant.id} (${variant.stock ?? 0} left)`);
    }
    priced.push({ index, variant, product: products.get(variant.productId)!, name: nameOf(variant.productId), quantity: line.quantity });
  });
  errors.throwIfAny();
  return priced;
}

export interface Placement {
  draft: OrderDraft;
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  shippingCost: number;
  coupons: Array<{ id: number; code: string; type: string; value: string | null }>;
}

/**
 * Writes the order priced under the store's lock (`store` is the row the caller locked in this
 * transaction before pricing the lines): its
 * number, its lines, the stock it takes, the customer it links (found by e-mail, else created),
 * and the events, all in one transaction.
 */
export async function writeOrder(em: SqlEntityManager, store: Store, placement: Placement): Promise<Order> {
  const storeId = store.id;
  const { draft, lines } = placement;
  const customer = await linkCustomer(em, storeId, draft);
  const order = new Order({ storeId, number: FIRST_ORDER_NUMBER + store.orderCount, token: randomBytes(20).toString('hex'), currency: store.currency, language: draft.language ?? store.mainLanguage });
  store.orderCount += 1;
  order.customerId = customer.id;
  order.customer = JSON.stringify({ id: customer.id, ...draft.customer });
  order.subtotal = placement.subtotal;
  order.discount = placement.discount;
  order.shippingCost = placement.shippingCost;
  order.total = Math.max(0, placement.subtotal - placement.discount) + placement.shippingCost;
  order.weight = lines.reduce((sum, line) => sum + (line.variant.weight ?? 0) * line.quantity, 0);
  order.note = draft.note;
  order.shippingAddress = JSON.stringify(draft.shippingAddress);
  order.billingAddress = JSON.stringify(draft.billingAddress);
  order.shipping = draft.shipping.code;
  order.shippingOption = draft.shipping.name;
  order.gateway = draft.gateway;
  order.storefront = draft.storefront;
  order.coupons = JSON.stringify(placement.coupons);
  order.extra = JSON.stringify(draft.extra);
  order.paymentStatus = draft.paymentStatus;
  if (draft.paymentStatus === 'paid') order.paidAt = new Date();
  await em.persistAndFlush(order);

  const touched = new Map<number, Product>();
  for (const line of lines) {
    const row = new OrderLine({ storeId, orderId: order.id, productId: line.product.id, variantId: line.variant.id, name: line.name, price: sellingPrice(line.variant)!, quantity: line.quantity });
    row.sku = line.variant.sku;
    row.weight = line.variant.weight;
    row.freeShipping = line.product.freeShipping;
    if (line.variant.stockManagement) {
      // Under the store's lock: priceLines saw this stock, and no other writer of the store runs.
      line.variant.stock = (line.variant.stock ?? 0) - line.quantity;
      row.stockClaimed = true;
      touched.set(line.product.id, line.product);
    }
    em.persist(row);
  }
  for (const product of touched.values()) await refreshVariantSummary(em, product);
  customer.lastOrderId = order.id;
  if (order.paymentStatus === 'paid') customer.totalSpent += order.total;
  await em.flush();
  await enqueueStoreEvent(em, { storeId, event: 'order/created', id: order.id });
  if (order.paymentStatus === 'paid') await enqueueStoreEvent(em, { storeId, event: 'order/paid', id: order.id });
  await enqueueStoreEvents(em, { storeId, event: 'product/updated' }, [...touched.keys()]);
  return order;
}

/** The store's customer with the order's e-mail, or a new one made from the order. */
async function linkCustomer(em: SqlEntityManager, storeId: number, draft: OrderDraft): Promise<Customer> {
  const existing = await em.findOne(Customer, { storeId, email: draft.customer.email });
  if (existing) return existing;
  const customer = new Customer({ storeId, name: draft.customer.name, email: draft.customer.email });
  customer.phone = draft.customer.phone;
  customer.identification = draft.customer.identification;
  await em.persistAndFlush(customer);
  await enqueueStoreEvent(em, { storeId, event: 'customer/created', id: customer.id });
  return customer;
}
