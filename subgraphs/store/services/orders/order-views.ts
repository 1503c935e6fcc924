import type { SqlEntityManager } from '../../../../lib/db';
import { Order, OrderLine } from '../../entities';
import { formatHundredths } from '../language/money';
import { billingFieldsOf, type BillingFieldsView } from '../catalog/billing-fields';
import type { OrderAddress, OrderCustomer } from './order-input';

export interface OrderLineView {
  id: number;
  /** For resolving the line's product; not shown. */
  storeId: number;
  productId: number;
  variantId: number;
  name: string;
  price: string;
  quantity: number;
  sku: string | null;
  weight: string | null;
  freeShipping: boolean;
}

export interface OrderCouponView {
  id: number;
  code: string;
  type: string;
  value: string | null;
}

/** An order as the API shows it (order.md's fields that this platform has). */
export interface OrderView extends BillingFieldsView {
  id: number;
  storeId: number;
  token: string;
  number: number;
  customer: (OrderCustomer & { id: number | null }) | null;
  products: OrderLineView[];
  note: string | null;
  ownerNote: string | null;
  coupon: OrderCouponView[];
  discount: string;
  subtotal: string;
  total: string;
  currency: string;
  language: string;
  gateway: string;
  shipping: string;
  shippingOption: string;
  shippingCostCustomer: string;
  shippingAddress: OrderAddress;
  shippingTrackingNumber: string | null;
  shippingTrackingUrl: string | null;
  billingName: string | null;
  extra: Record<string, unknown>;
  storefront: string;
  weight: string;
  status: string;
  paymentStatus: string;
  shippingStatus: string;
  cancelReason: string | null;
  paidAt: Date | null;
  shippedAt: Date | null;
  closedAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const money = (hundredths: number) => formatHundredths(hundredths)!;

/** The views of orders, their lines read in one query, in each order's line order. */
export async function orderViews(em: SqlEntityManager, orders: Order[]): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const rows = await em.find(OrderLine, { orderId: { $in: orders.map((order) => order.id) } }, { orderBy: { id: 'asc' } });
  const byOrder = new Map<number, OrderLineView[]>();
  for (const row of rows) {
    const line = {
      id: row.id,
      storeId: row.storeId,
      productId: row.productId,
      variantId: row.variantId,
      name: row.name,
      price: money(row.price),
      quantity: row.quantity,
      sku: row.sku,
      weight: formatHundredths(row.weight),
      freeShipping: row.freeShipping,
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), line]);
  }
  return orders.map((order) => {
    const billing = JSON.parse(order.billingAddress) as Partial<OrderAddress>;
    const customer = JSON.parse(order.customer) as OrderCustomer & { id: number | null };
    return {
      id: order.id,
      storeId: order.storeId,
      token: order.token,
      number: order.number,
      customer: customer.email ? customer : null,
      products: byOrder.get(order.id) ?? [],
      note: order.note,
      ownerNote: order.ownerNote,
      coupon: JSON.parse(order.coupons) as OrderCouponView[],
      discount: money(order.discount),
      subtotal: money(order.subtotal),
      total: money(order.total),
      currency: order.currency,
      language: order.language,
      gateway: order.gateway,
      shipping: order.shipping,
      shippingOption: order.shippingOption,
      shippingCostCustomer: money(order.shippingCost),
      shippingAddress: JSON.parse(order.shippingAddress) as OrderAddress,
      shippingTrackingNumber: order.shippingTrackingNumber,
      shippingTrackingUrl: order.shippingTrackingUrl,
      billingName: billing.name ?? null,
      ...billingFieldsOf(billing),
      extra: JSON.parse(order.extra) as Record<string, unknown>,
      storefront: order.storefront,
      weight: money(order.weight),
      status: order.status,
      paymentStatus: order.paymentStatus,
      shippingStatus: order.shippingStatus,
      cancelReason: order.cancelReason,
      paidAt: order.paidAt,
      shippedAt: order.shippedAt,
      closedAt: order.closedAt,
      cancelledAt: order.cancelledAt,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
    };
  });
}
