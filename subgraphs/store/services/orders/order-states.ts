import { AppError } from '../../../../lib/errors';
import type { Order } from '../../entities';

/**
 * The order flow, as one table: which actions an order in a given state allows. Anything else is
 * refused (422) with nothing changed.
 *
 * - status: open → closed (`close`) → open (`open`); open → cancelled (`cancel`, final).
 * - shipping: unpacked → unfulfilled (`pack`) → fulfilled (`fulfill`, also straight from unpacked).
 * - payment: pending → authorized → paid (`pay` from either); pending/authorized → voided; paid → refunded.
 */
export const ORDER_ACTIONS = {
  close: { verb: 'closed', allowed: (order: Order) => order.status === 'open' },
  open: { verb: 'reopened', allowed: (order: Order) => order.status === 'closed' },
  cancel: { verb: 'cancelled', allowed: (order: Order) => order.status === 'open' && order.shippingStatus !== 'fulfilled' },
  pack: { verb: 'packed', allowed: (order: Order) => order.status === 'open' && order.shippingStatus === 'unpacked' },
  fulfill: { verb: 'fulfilled', allowed: (order: Order) => order.status === 'open' && order.shippingStatus !== 'fulfilled' },
  pay: { verb: 'marked paid', allowed: (order: Order) => order.status !== 'cancelled' && (order.paymentStatus === 'pending' || order.paymentStatus === 'authorized') },
  authorize: { verb: 'marked authorized', allowed: (order: Order) => order.status !== 'cancelled' && order.paymentStatus === 'pending' },
  void: { verb: 'voided', allowed: (order: Order) => order.paymentStatus === 'pending' || order.paymentStatus === 'authorized' },
  refund: { verb: 'refunded', allowed: (order: Order) => order.paymentStatus === 'paid' },
} as const;

export type OrderAction = keyof typeof ORDER_ACTIONS;

/** The payment status an app may set with PUT, and the action that sets it. */
export const PAYMENT_ACTIONS: Readonly<Record<string, OrderAction>> = { authorized: 'authorize', paid: 'pay', voided: 'void', refunded: 'refund' };

/** What the order is now, in words, for a refusal. */
function stateOf(order: Order): string {
  return `its status is ${order.status}, its payment ${order.paymentStatus} and its shipping ${order.shippingStatus}`;
}

/** Throws the 422 envelope unless the order's state allows `action`. */
export function requireAllowed(order: Order, action: OrderAction): void {
  const rule = ORDER_ACTIONS[action];
  if (!rule.allowed(order)) throw new AppError('REQUEST_REFUSED', `Order ${order.id} cannot be ${rule.verb}: ${stateOf(order)}`);
}
