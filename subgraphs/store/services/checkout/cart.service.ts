import { randomBytes } from 'node:crypto';
import type { SqlEntityManager } from '../../../../lib/db';
import { AppError, FieldErrors, invalidField, notFound } from '../../../../lib/errors';
import { Cart, CartLine, Order, Product, Store, Variant } from '../../entities';
import { isStoreLapsed } from '../billing/suspension';
import { readLanguage } from '../catalog/list-params';
import { readOrderAddress, readOrderCustomer, MAX_QUANTITY, type OrderAddressFields } from '../orders/order-input';
import type { OrderService } from '../orders/order.service';
import { orderViews, type OrderView } from '../orders/order-views';
import { storeNotFound } from '../stores/store.service';
import { cartView, type CartView } from './cart-view';
import { shippingOptionsFor } from './shipping-options';

export const MAX_CART_LINES = 100;
const cartNotFound = () => notFound('Cart not found');

/** What the checkout page sends. */
export interface CheckoutFields extends OrderAddressFields {
  email?: string | null;
  shippingOption?: string | null;
  note?: string | null;
}

/** The order a checkout placed, as its confirmation page shows it. */
export interface PlacedOrder {
  orderId: number;
  number: number;
  token: string;
}

/**
 * The storefront's cart and checkout, for shoppers (no credentials: the cart's token is the
 * cookie). A token of another store, or an unknown one, is NOT_FOUND. Quantities and variants are
 * all the cart keeps; prices come from the catalog on every read and at checkout.
 */
export class CartService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly orders: OrderService,
  ) {}

  async get(storeId: number, token: string, language?: string | null): Promise<CartView> {
    const store = await this.openStore(storeId);
    return cartView(this.em, store, await this.find(storeId, token), this.language(store, language));
  }

  /** Adds `quantity` of a published variant of the store (a new cart when `token` is null). */
  async add(storeId: number, token: string | null | undefined, variantId: number, quantity: number, language?: string | null): Promise<CartView> {
    const store = await this.openStore(storeId);
    checkQuantity(quantity, 1);
    const variant = await this.em.findOne(Variant, { id: variantId, storeId });
    const product = variant && (await this.em.findOne(Product, { id: variant.productId, published: true }));
    if (!variant || !product) throw invalidField('variant_id', `Variant ${variantId} not found`);
    const cart = token ? await this.open(storeId, token) : new Cart(storeId, randomBytes(20).toString('hex'));
    await this.em.transactional(async (em) => {
      if (!token) await em.persistAndFlush(cart);
      const line = await em.findOne(CartLine, { cartId: cart.id, variantId });
      const wanted = (line?.quantity ?? 0) + quantity;
      // Checked again, under the store's lock, at checkout; here it spares the shopper a cart they cannot buy.
      if (variant.stockManagement && (variant.stock ?? 0) < wanted) throw invalidField('quantity', `exceeds the stock of variant ${variantId} (${variant.stock ?? 0} left)`);
      if (line) line.quantity = Math.min(MAX_QUANTITY, wanted);
      else {
        if ((await em.count(CartLine, { cartId: cart.id })) >= MAX_CART_LINES) throw new AppError('REQUEST_REFUSED', `A cart holds at most ${MAX_CART_LINES} products`);
        em.persist(new CartLine(cart.id, variantId, quantity));
      }
      cart.updatedAt = new Date();
    });
    return cartView(this.em, store, cart, this.language(store, language));
  }

  /** Sets a line's quantity; 0 removes it. */
  async setQuantity(storeId: number, token: string, variantId: number, quantity: number, language?: string | null): Promise<CartView> {
    const store = await this.openStore(storeId);
    checkQuantity(quantity, 0);
    const cart = await this.open(storeId, token);
    if (quantity === 0) await this.em.nativeDelete(CartLine, { cartId: cart.id, variantId });
    else if ((await this.em.nativeUpdate(CartLine, { cartId: cart.id, variantId }, { quantity, updatedAt: new Date() })) === 0) throw invalidField('variant_id', `Variant ${variantId} is not in the cart`);
    return cartView(this.em, store, cart, this.language(store, language));
  }

  /** Applies a coupon code (checked now against the cart; checked again at checkout); null or "" removes it. */
  async setCoupon(storeId: number, token: string, code: string | null | undefined, language?: string | null): Promise<CartView> {
    const store = await this.openStore(storeId);
    const cart = await this.open(storeId, token);
    const trimmed = code?.trim() || null;
    if (trimmed !== null) {
      const view = await cartView(this.em, store, cart, store.mainLanguage);
      if (view.lines.length === 0) throw invalidField('coupon', 'needs products in the cart');
      cart.couponCode = trimmed;
      const checked = await cartView(this.em, store, cart, store.mainLanguage);
      if (checked.couponProblem) throw invalidField('coupon', checked.couponProblem);
    }
    cart.couponCode = trimmed;
    await this.em.flush();
    return cartView(this.em, store, cart, this.language(store, language));
  }

  /**
   * Places the cart's order (payment pending, `storefront: "store"`): contact and shipping
   * address required, one of the store's shipping options, the cart's coupon by its rules, prices
   * and stock as they are now. The cart is claimed in the order's transaction, so it checks out once.
   */
  async checkout(storeId: number, token: string, fields: CheckoutFields, language?: string | null): Promise<PlacedOrder> {
    const store = await this.openStore(storeId);
    const cart = await this.open(storeId, token);
    const pageLanguage = this.language(store, language);
    const rows = await this.em.find(CartLine, { cartId: cart.id }, { orderBy: { id: 'asc' } });
    const errors = new FieldErrors();
    if (rows.length === 0) errors.add('products', 'The cart is empty');
    const customer = readOrderCustomer(errors, { name: fields.name, email: fields.email, phone: fields.phone });
    const address = readOrderAddress(errors, 'shipping_address', fields, true);
    const view = await cartView(this.em, store, cart, pageLanguage);
    const option = shippingOptionsFor(view.lines.every((line) => line.problem === null) && (await this.allFreeShipping(rows)), pageLanguage).find((candidate) => candidate.code === fields.shippingOption);
    if (!option) errors.add('shipping_option', 'must be one of the store’s shipping options');
    errors.throwIfAny();
    const placed = await this.orders.place(
      storeId,
      {
        lines: rows.map((row) => ({ variantId: row.variantId, quantity: row.quantity })),
        customer: customer!,
        shippingAddress: address!,
        billingAddress: address!,
        shipping: { code: option!.code, name: option!.name, cost: option!.cost },
        gateway: 'not-provided',
        paymentStatus: 'pending',
        note: fields.note?.trim() || null,
        language: pageLanguage,
        couponCode: cart.couponCode ?? undefined,
        extra: {},
        storefront: 'store',
      },
      async (em, orderId) => {
        if ((await em.nativeUpdate(Cart, { id: cart.id, orderId: null }, { orderId, updatedAt: new Date() })) === 0) throw checkedOut();
      },
    );
    return placed;
  }

  /** The order a checkout placed, by its token (the confirmation page's address). */
  async placedOrder(storeId: number, token: string): Promise<OrderView> {
    const order = await this.em.findOne(Order, { token });
    if (!order || order.storeId !== storeId) throw notFound('Order not found');
    return (await orderViews(this.em, [order]))[0];
  }

  private async allFreeShipping(rows: CartLine[]): Promise<boolean> {
    const variants = await this.em.find(Variant, { id: { $in: rows.map((row) => row.variantId) } });
    const products = await this.em.find(Product, { id: { $in: variants.map((variant) => variant.productId) } });
    return products.length > 0 && products.every((product) => product.freeShipping);
  }

  private language(store: Store, language?: string | null): string {
    const errors = new FieldErrors();
    const chosen = readLanguage(errors, language, store.languageList, store.mainLanguage);
    errors.throwIfAny();
    return chosen;
  }

  /** A store that sells now: known and not suspended. */
  private async openStore(storeId: number): Promise<Store> {
    const store = await this.em.findOne(Store, { id: storeId });
    if (!store || isStoreLapsed(store)) throw storeNotFound(storeId);
    return store;
  }

  private async find(storeId: number, token: string): Promise<Cart> {
    const cart = await this.em.findOne(Cart, { token });
    if (!cart || cart.storeId !== storeId) throw cartNotFound();
    return cart;
  }

  /** A cart that still takes changes. */
  private async open(storeId: number, token: string): Promise<Cart> {
    const cart = await this.find(storeId, token);
    if (cart.orderId !== null) throw checkedOut();
    return cart;
  }
}

const checkedOut = () => new AppError('REQUEST_REFUSED', 'This cart was checked out; start a new one');

function checkQuantity(quantity: number, min: number): void {
  if (!Number.isInteger(quantity) || quantity < min || quantity > MAX_QUANTITY) throw invalidField('quantity', `must be an integer between ${min} and ${MAX_QUANTITY}`);
}
