import type { SqlEntityManager } from '../../../../lib/db';
import { FieldErrors } from '../../../../lib/errors';
import { Customer, Order, type Store } from '../../entities';
import { readChangeWindow, readId, readPaging } from '../catalog/list-params';
import { likePattern } from '../customers/customer.service';
import { readHundredths } from '../language/money';
import { tableOf } from '../store-tables';
import { FIRST_ORDER_NUMBER } from './order-placement';

/** The filters of `GET /orders`, as GraphQL hands them over. */
export interface OrderFilterFields {
  sinceId?: number | null;
  status?: string | null;
  paymentStatus?: string | null;
  shippingStatus?: string | null;
  customerId?: number | null;
  /** Comma-separated ids (order.md's `customer_ids`). */
  customerIds?: string | null;
  totalMin?: unknown;
  totalMax?: unknown;
  q?: string | null;
  createdAtMin?: string | null;
  createdAtMax?: string | null;
  updatedAtMin?: string | null;
  updatedAtMax?: string | null;
}

export const ORDER_STATUSES = ['open', 'closed', 'cancelled'];
export const PAYMENT_STATUSES = ['pending', 'authorized', 'paid', 'voided', 'refunded'];
export const SHIPPING_STATUSES = ['unpacked', 'unfulfilled', 'fulfilled'];

/** `customer_ids`: ids separated by commas (spaces allowed); anything else is refused on the field. */
function readIdList(errors: FieldErrors, field: string, value: string | null | undefined): number[] | undefined {
  if (value == null || value.trim() === '') return undefined;
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length > 200 || !parts.every((part) => /^\d{1,15}$/.test(part))) {
    errors.add(field, 'must be integers separated by commas (at most 200)');
    return undefined;
  }
  return parts.map(Number);
}

function readState(errors: FieldErrors, field: string, value: string | null | undefined, allowed: readonly string[]): string | undefined {
  if (value == null || value === 'any') return undefined;
  if (!allowed.includes(value)) errors.add(field, `must be one of any, ${allowed.join(', ')}`);
  return value;
}

/**
 * A page of a store's orders in creation order. Unfiltered, the page is a seek: orders are never
 * deleted and numbered without gaps under the store's lock, so row k of the list is number
 * 100 + k and page N starts at a known number, however deep (the total is the store's counter).
 * Filtered lists page with LIMIT/OFFSET on the filter's `(store_id, <column>, id)` index.
 */
export async function listOrders(em: SqlEntityManager, store: Store, filter: OrderFilterFields, page?: number | null, perPage?: number | null): Promise<{ orders: Order[]; totalCount: number; page: number; perPage: number }> {
  const errors = new FieldErrors();
  const paging = readPaging(errors, page, perPage);
  const sinceId = readId(errors, 'since_id', filter.sinceId);
  const customerId = readId(errors, 'customer_id', filter.customerId);
  const customerIds = readIdList(errors, 'customer_ids', filter.customerIds);
  const totalMin = filter.totalMin == null ? null : errors.check(() => readHundredths('total_min', filter.totalMin));
  const totalMax = filter.totalMax == null ? null : errors.check(() => readHundredths('total_max', filter.totalMax));
  const states = {
    status: readState(errors, 'status', filter.status, ORDER_STATUSES),
    paymentStatus: readState(errors, 'payment_status', filter.paymentStatus, PAYMENT_STATUSES),
    shippingStatus: readState(errors, 'shipping_status', filter.shippingStatus, SHIPPING_STATUSES),
  };
  const changeWindow = readChangeWindow(errors, filter);
  errors.throwIfAny();
  const query = em.createQueryBuilder(Order, 'o').where({ storeId: store.id });
  let filtered = false;
  const add = (condition: object) => {
    filtered = true;
    query.andWhere(condition);
  };
  if (sinceId !== undefined) add({ id: { $gt: sinceId } });
  if (customerId !== undefined) add({ customerId });
  if (customerIds !== undefined) add({ customerId: { $in: customerIds } });
  if (totalMin != null) add({ total: { $gte: totalMin } });
  if (totalMax != null) add({ total: { $lte: totalMax } });
  for (const [key, value] of Object.entries(states)) if (value !== undefined) add({ [key]: value });
  for (const condition of changeWindow) add(condition);
  const words = filter.q?.trim().toLowerCase();
  if (words) {
    filtered = true;
    const like = likePattern(words);
    const number = /^#?(\d{1,9})$/.exec(words)?.[1];
    const customers = `select id from ${tableOf(em, Customer)} where store_id = ? and (lower(name) like ? escape '\\' or email like ? escape '\\')`;
    query.andWhere(`(o.number = ? or o.customer_id in (${customers}))`, [number === undefined ? -1 : Number(number), store.id, like, like]);
  }
  const offset = (paging.page - 1) * paging.perPage;
  if (!filtered) {
    const orders = await query.andWhere({ number: { $gte: FIRST_ORDER_NUMBER + offset } }).orderBy({ number: 'asc' }).limit(paging.perPage).getResult();
    return { orders, totalCount: store.orderCount, ...paging };
  }
  query.orderBy({ id: 'asc' }).limit(paging.perPage).offset(offset);
  const [orders, totalCount] = await query.getResultAndCount();
  return { orders, totalCount, ...paging };
}
