import {
  StoreCancelOrderDocument,
  StoreCloseOrderDocument,
  StoreCreateOrderDocument,
  StoreFulfillOrderDocument,
  StoreOpenOrderDocument,
  StoreOrderDocument,
  StoreOrdersDocument,
  StorePackOrderDocument,
  StorePayOrderDocument,
  StoreUpdateOrderDocument,
  type OrderFilter,
  type OrderUpdateInput,
} from '../../generated/graph';
import { pageRequestOf } from '../../kit/pagination';
import { restView } from '../../../lib/store-rest';
import { CancelBody, FulfillBody, NoBody, Order, OrderBody, OrderListQuery, OrderPath, Orders, OrderUpdateBody } from '../order-schemas';
import { orderInputOf } from '../order-bodies';
import { graphInput, listFilter } from '../store-bodies';
import { ObjectQuery, StorePath } from '../store-schemas';
import { storeRoute } from '../store-route';

const REFUSED = 'refused (422) from a state the order flow does not allow it from';

/** An action on an order without parameters: `POST /orders/{id}/<action>`. */
function actionRoute(action: string, summary: string, operation: typeof StoreCloseOrderDocument) {
  return storeRoute({
    method: 'post',
    path: `/v1/:store_id/orders/:id/${action}`,
    summary: `${summary}; ${REFUSED}`,
    root: 'order',
    params: OrderPath,
    query: ObjectQuery,
    body: NoBody,
    response: Order,
    errors: [404, 415, 422],
    operation,
    variables: ({ params }) => ({ storeId: params.store_id, id: params.id }),
    reply: (data) => ({ data: restView(data.order) }),
  });
}

/** `/v1/{store_id}/orders`: the store's orders and their flow (scopes `read_orders` / `write_orders`). */
export const orderRoutes = [
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/orders',
    summary: 'A page of the orders, oldest first, filtered',
    root: 'orders',
    params: StorePath,
    query: OrderListQuery,
    response: Orders,
    errors: [422],
    operation: StoreOrdersDocument,
    page: ({ query }) => pageRequestOf(query),
    variables: ({ params, query }) => ({ storeId: params.store_id, filter: listFilter<OrderFilter>(query), ...pageRequestOf(query) }),
    reply: (data) => ({ data: restView(data.orders.orders), total: data.orders.totalCount }),
  }),
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/orders/:id',
    summary: 'One order',
    root: 'order',
    params: OrderPath,
    query: ObjectQuery,
    response: Order,
    errors: [404],
    operation: StoreOrderDocument,
    variables: ({ params }) => ({ storeId: params.store_id, id: params.id }),
    reply: (data) => ({ data: restView(data.order) }),
  }),
  storeRoute({
    method: 'post',
    path: '/v1/:store_id/orders',
    summary: 'Create an order (prices from the catalog, stock taken; 422 naming each line at fault)',
    root: 'order',
    params: StorePath,
    query: ObjectQuery,
    body: OrderBody,
    status: 201,
    response: Order,
    errors: [411, 415, 422],
    operation: StoreCreateOrderDocument,
    variables: ({ params, body }) => ({ storeId: params.store_id, input: orderInputOf(body) }),
    reply: (data) => ({ data: restView(data.order) }),
  }),
  storeRoute({
    method: 'put',
    path: '/v1/:store_id/orders/:id',
    summary: `Change notes, tracking, extra or the payment status; ${REFUSED}`,
    root: 'order',
    params: OrderPath,
    query: ObjectQuery,
    body: OrderUpdateBody,
    response: Order,
    errors: [404, 411, 415, 422],
    operation: StoreUpdateOrderDocument,
    variables: ({ params, body }) => ({ storeId: params.store_id, id: params.id, input: graphInput<OrderUpdateInput>(body) }),
    reply: (data) => ({ data: restView(data.order) }),
  }),
  actionRoute('close', 'Close an open order', StoreCloseOrderDocument),
  actionRoute('open', 'Reopen a closed order', StoreOpenOrderDocument),
  actionRoute('pack', 'Pack an open, unpacked order', StorePackOrderDocument),
  actionRoute('pay', 'Mark a pending or authorized order paid (order/paid)', StorePayOrderDocument),
  storeRoute({
    method: 'post',
    path: '/v1/:store_id/orders/:id/fulfill',
    summary: `Ship an open order, with its tracking number and URL (order/fulfilled); ${REFUSED}`,
    root: 'order',
    params: OrderPath,
    query: ObjectQuery,
    body: FulfillBody,
    response: Order,
    errors: [404, 415, 422],
    operation: StoreFulfillOrderDocument,
    variables: ({ params, body }) => ({ storeId: params.store_id, id: params.id, trackingNumber: body.shipping_tracking_number, trackingUrl: body.shipping_tracking_url }),
    reply: (data) => ({ data: restView(data.order) }),
  }),
  storeRoute({
    method: 'post',
    path: '/v1/:store_id/orders/:id/cancel',
    summary: `Cancel an open, unshipped order with a reason; restock (default true) gives back its stock; ${REFUSED}`,
    root: 'order',
    params: OrderPath,
    query: ObjectQuery,
    body: CancelBody,
    response: Order,
    errors: [404, 415, 422],
    operation: StoreCancelOrderDocument,
    variables: ({ params, body }) => ({ storeId: params.store_id, id: params.id, reason: body.reason, restock: body.restock }),
    reply: (data) => ({ data: restView(data.order) }),
  }),
];
