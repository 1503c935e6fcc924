import type { RequestIdentity } from '../../../../lib/auth';
import type { SqlEntityManager } from '../../../../lib/db';
import { AppError, FieldErrors, notFound } from '../../../../lib/errors';
import { Customer, Order, OrderLine, Product, Variant, type Store } from '../../entities';
import type { AppAccessCheck } from '../apps/app-access';
import type { Scope } from '../apps/scopes';
import { optionalText } from '../catalog/field-rules';
import { lockStore } from '../catalog/store-lock';
import type { Page } from '../catalog/views';
import { readLanguage } from '../catalog/list-params';
import { applyCoupon, consume } from '../coupons/coupon-rules';
import { formatHundredths } from '../language/money';
import { refreshVariantSummary } from '../products/product-summary';
import type { StoreService } from '../stores/store.service';
import { enqueueStoreEvent, enqueueStoreEvents } from '../webhooks/outbox';
import type { WebhookEvent } from '../webhooks/webhook-events';
import { readCancelReason, readOrderFields, type OrderDraft, type OrderFields, type OrderUpdateFields } from './order-input';
import { listOrders, type OrderFilterFields } from './order-list';
import { priceLines, sellingPrice, writeOrder } from './order-placement';
import { PAYMENT_ACTIONS, requireAllowed, type OrderAction } from './order-states';
import { orderViews, type OrderView } from './order-views';

export const orderNotFound = (id: number) => notFound(`Order ${id} not found`);

/** What an action changes besides the state, and the event it sends. */
interface ActionEffect {
  event: WebhookEvent;
  apply?: (order: Order, em: SqlEntityManager) => Promise<void> | void;
}

/**
 * A store's orders: read and acted on by its apps (scopes `read_orders` / `write_orders`) and by
 * its owner (accounts JWT, for the console); placed by apps (`create`) and by the storefront's
 * checkout (CheckoutService, through `place`).
 */
export class OrderService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: AppAccessCheck,
    private readonly identity: RequestIdentity,
    private readonly stores: StoreService,
  ) {}

  async list(storeId: number, filter: OrderFilterFields, page?: number | null, perPage?: number | null): Promise<Page<OrderView>> {
    const store = await this.allow(storeId, 'read_orders');
    const found = await listOrders(this.em, store, filter, page, perPage);
    return { totalCount: found.totalCount, page: found.page, perPage: found.perPage, items: await orderViews(this.em, found.orders) };
  }

  async get(storeId: number, id: number): Promise<OrderView> {
    await this.allow(storeId, 'read_orders');
    return (await orderViews(this.em, [await this.find(this.em, storeId, id)]))[0];
  }

  /** An app's order (one it brings from elsewhere): prices from the catalog, stock taken. */
  async create(storeId: number, fields: OrderFields): Promise<OrderView> {
    const store = await this.allow(storeId, 'write_orders');
    const draft = readOrderFields(fields);
    const errors = new FieldErrors();
    draft.language = readLanguage(errors, draft.language, store.languageList, store.mainLanguage);
    errors.throwIfAny();
    const { orderId } = await this.place(storeId, draft);
    return this.get(storeId, orderId);
  }

  /**
   * Places a checked draft in one transaction under the store's lock (no access check: callers
   * check theirs); `within` runs last in that transaction (the checkout claims its cart there).
   */
  async place(storeId: number, draft: OrderDraft, within?: (em: SqlEntityManager, orderId: number) => Promise<void>): Promise<{ orderId: number; number: number; token: string }> {
    return this.em.transactional(async (em) => {
      const store = await lockStore(em, storeId);
      const lines = await priceLines(em, storeId, draft.lines, draft.language ?? store.mainLanguage, store.mainLanguage);
      const subtotal = lines.reduce((sum, line) => sum + sellingPrice(line.variant)! * line.quantity, 0);
      const applied = draft.couponCode === undefined ? undefined : await applyCoupon(em, storeId, draft.couponCode, lines, draft.shipping.cost);
      if (applied) consume(applied.coupon);
      const coupons = applied ? [{ id: applied.coupon.id, code: applied.coupon.code, type: applied.coupon.type, value: formatHundredths(applied.coupon.value) }] : [];
      const shippingCost = draft.shipping.cost - (applied?.shippingDiscount ?? 0);
      const order = await writeOrder(em, store, { draft, lines, subtotal, discount: applied?.discount ?? 0, shippingCost, coupons });
      await within?.(em, order.id);
      return { orderId: order.id, number: order.number, token: order.token };
    });
  }

  /** Notes, tracking, `extra`, and the payment status by the flow's rules (`paid` is `pay`). */
  async update(storeId: number, id: number, fields: OrderUpdateFields): Promise<OrderView> {
    await this.allow(storeId, 'write_orders');
    const errors = new FieldErrors();
    const text = (field: string, value: string | null | undefined, max: number) => errors.check(() => optionalText(field, value ?? null, max)) ?? null;
    const changes: Partial<Pick<Order, 'ownerNote' | 'note' | 'shippingTrackingNumber' | 'shippingTrackingUrl' | 'extra'>> = {};
    if (fields.ownerNote !== undefined) changes.ownerNote = text('owner_note', fields.ownerNote, 10_000);
    if (fields.note !== undefined) changes.note = text('note', fields.note, 10_000);
    if (fields.shippingTrackingNumber !== undefined) changes.shippingTrackingNumber = text('shipping_tracking_number', fields.shippingTrackingNumber, 200);
    if (fields.shippingTrackingUrl !== undefined) changes.shippingTrackingUrl = text('shipping_tracking_url', fields.shippingTrackingUrl, 2048);
    if (fields.extra !== undefined) changes.extra = JSON.stringify(fields.extra ?? {});
    const payment = fields.paymentStatus ?? undefined;
    if (fields.paymentStatus === null || (payment !== undefined && !(payment in PAYMENT_ACTIONS) && payment !== 'pending')) {
      errors.add('payment_status', `must be one of ${Object.keys(PAYMENT_ACTIONS).join(', ')}`);
    }
    errors.throwIfAny();
    await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      const order = await this.find(em, storeId, id);
      const events: WebhookEvent[] = ['order/updated'];
      if (payment !== undefined && payment !== order.paymentStatus) {
        const action = PAYMENT_ACTIONS[payment];
        if (!action) throw new AppError('REQUEST_REFUSED', `Order ${id} cannot go back to pending payment: its payment is ${order.paymentStatus}`);
        await this.applyAction(em, order, action);
        if (action === 'pay') events.push('order/paid');
      }
      Object.assign(order, changes);
      order.updatedAt = new Date();
      for (const event of events) await enqueueStoreEvent(em, { storeId, event, id });
    });
    return this.get(storeId, id);
  }

  /** One of the flow's actions, refused (422) from a state that does not allow it. */
  async act(storeId: number, id: number, action: 'close' | 'open' | 'pack' | 'pay', scope: Scope = 'write_orders'): Promise<OrderView> {
    await this.allow(storeId, scope);
    await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      const order = await this.find(em, storeId, id);
      const { event } = await this.applyAction(em, order, action);
      await enqueueStoreEvent(em, { storeId, event, id });
    });
    return this.get(storeId, id);
  }

  async fulfill(storeId: number, id: number, tracking: { number?: string | null; url?: string | null }): Promise<OrderView> {
    await this.allow(storeId, 'write_orders');
    const errors = new FieldErrors();
    const number = errors.check(() => optionalText('shipping_tracking_number', tracking.number ?? null, 200)) ?? null;
    const url = errors.check(() => optionalText('shipping_tracking_url', tracking.url ?? null, 2048)) ?? null;
    errors.throwIfAny();
    await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      const order = await this.find(em, storeId, id);
      await this.applyAction(em, order, 'fulfill');
      if (number !== null) order.shippingTrackingNumber = number;
      if (url !== null) order.shippingTrackingUrl = url;
      await enqueueStoreEvent(em, { storeId, event: 'order/fulfilled', id });
    });
    return this.get(storeId, id);
  }

  /** Cancels with a reason; `restock` (default true) gives back the stock the order took. */
  async cancel(storeId: number, id: number, reason?: string | null, restock?: boolean | null): Promise<OrderView> {
    await this.allow(storeId, 'write_orders');
    const cancelReason = readCancelReason(reason);
    await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      const order = await this.find(em, storeId, id);
      await this.applyAction(em, order, 'cancel');
      order.cancelReason = cancelReason;
      const restocked = restock === false ? [] : await giveBackStock(em, order);
      await enqueueStoreEvent(em, { storeId, event: 'order/cancelled', id });
      await enqueueStoreEvents(em, { storeId, event: 'product/updated' }, restocked);
    });
    return this.get(storeId, id);
  }

  /** Checks the flow allows `action` and changes the order's state (the caller holds the store's lock). */
  private async applyAction(em: SqlEntityManager, order: Order, action: OrderAction): Promise<ActionEffect> {
    requireAllowed(order, action);
    const now = new Date();
    const effects: Record<OrderAction, () => Promise<ActionEffect> | ActionEffect> = {
      close: () => ((order.status = 'closed'), (order.closedAt = now), { event: 'order/updated' }),
      open: () => ((order.status = 'open'), (order.closedAt = null), { event: 'order/updated' }),
      cancel: () => ((order.status = 'cancelled'), (order.cancelledAt = now), (order.paymentStatus = order.paymentStatus === 'paid' ? 'paid' : 'voided'), { event: 'order/cancelled' }),
      pack: () => ((order.shippingStatus = 'unfulfilled'), { event: 'order/updated' }),
      fulfill: () => ((order.shippingStatus = 'fulfilled'), (order.shippedAt = now), { event: 'order/fulfilled' }),
      pay: async () => {
        order.paymentStatus = 'paid';
        order.paidAt = now;
        await countSpent(em, order, order.total);
        return { event: 'order/paid' };
      },
      authorize: () => ((order.paymentStatus = 'authorized'), { event: 'order/updated' }),
      void: () => ((order.paymentStatus = 'voided'), { event: 'order/updated' }),
      refund: async () => {
        order.paymentStatus = 'refunded';
        await countSpent(em, order, -order.total);
        return { event: 'order/updated' };
      },
    };
    const effect = await effects[action]();
    order.updatedAt = now;
    return effect;
  }

  /** An app with `scope`, or the store's owner (a JWT and no app token): the console's operations. */
  private async allow(storeId: number, scope: Scope): Promise<Store> {
    if (!this.access.presentsAppToken && this.identity.isPresent) return this.stores.owned(storeId);
    return (await this.access.require(storeId, scope)).store;
  }

  private async find(em: SqlEntityManager, storeId: number, id: number): Promise<Order> {
    const order = await em.findOne(Order, { id, storeId });
    if (!order) throw orderNotFound(id);
    return order;
  }
}

/** Moves the customer's total spent by `amount` (a payment, or a refund's negative). */
async function countSpent(em: SqlEntityManager, order: Order, amount: number): Promise<void> {
  if (order.customerId === null) return;
  const customer = await em.findOne(Customer, { id: order.customerId });
  if (customer) customer.totalSpent = Math.max(0, customer.totalSpent + amount);
}

/** Returns the stock the order's lines took, to variants that still exist and manage stock; the products touched. */
async function giveBackStock(em: SqlEntityManager, order: Order): Promise<number[]> {
  const lines = await em.find(OrderLine, { orderId: order.id, stockClaimed: true });
  if (lines.length === 0) return [];
  const variants = new Map((await em.find(Variant, { id: { $in: lines.map((line) => line.variantId) } })).map((variant) => [variant.id, variant]));
  const productIds = new Set<number>();
  for (const line of lines) {
    const variant = variants.get(line.variantId);
    line.stockClaimed = false;
    if (!variant?.stockManagement) continue;
    variant.stock = (variant.stock ?? 0) + line.quantity;
    productIds.add(variant.productId);
  }
  for (const product of await em.find(Product, { id: { $in: [...productIds] } })) await refreshVariantSummary(em, product);
  return [...productIds];
}
