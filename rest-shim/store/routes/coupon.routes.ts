import {
  StoreCreateCouponDocument,
  StoreCouponDocument,
  StoreCouponsDocument,
  StoreDeleteCouponDocument,
  StoreUpdateCouponDocument,
  type CouponFilter,
  type CouponInput,
} from '../../generated/graph';
import { pageRequestOf } from '../../kit/pagination';
import { restView } from '../../../lib/store-rest';
import { Coupon, CouponBody, CouponListQuery, CouponPath, Coupons } from '../coupon-schemas';
import { graphInput, listFilter } from '../store-bodies';
import { Deleted, ObjectQuery, StorePath } from '../store-schemas';
import { storeRoute } from '../store-route';

/** `/v1/{store_id}/coupons`: the store's coupons (scopes `read_coupons` / `write_coupons`). */
export const couponRoutes = [
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/coupons',
    summary: 'A page of the coupons, filtered',
    root: 'coupons',
    params: StorePath,
    query: CouponListQuery,
    response: Coupons,
    errors: [422],
    operation: StoreCouponsDocument,
    page: ({ query }) => pageRequestOf(query),
    variables: ({ params, query }) => ({ storeId: params.store_id, filter: listFilter<CouponFilter>(query), ...pageRequestOf(query) }),
    reply: (data) => ({ data: restView(data.coupons.coupons), total: data.coupons.totalCount }),
  }),
  storeRoute({
    method: 'get',
    path: '/v1/:store_id/coupons/:id',
    summary: 'One coupon',
    root: 'coupon',
    params: CouponPath,
    query: ObjectQuery,
    response: Coupon,
    errors: [404],
    operation: StoreCouponDocument,
    variables: ({ params }) => ({ storeId: params.store_id, id: params.id }),
    reply: (data) => ({ data: restView(data.coupon) }),
  }),
  storeRoute({
    method: 'post',
    path: '/v1/:store_id/coupons',
    summary: 'Create a coupon (code and type required; value unless shipping; the code new in the store)',
    root: 'coupon',
    params: StorePath,
    query: ObjectQuery,
    body: CouponBody,
    status: 201,
    response: Coupon,
    errors: [411, 415, 422],
    operation: StoreCreateCouponDocument,
    variables: ({ params, body }) => ({ storeId: params.store_id, input: graphInput<CouponInput>(body) }),
    reply: (data) => ({ data: restView(data.coupon) }),
  }),
  storeRoute({
    method: 'put',
    path: '/v1/:store_id/coupons/:id',
    summary: 'Change a coupon (absent fields stay)',
    root: 'coupon',
    params: CouponPath,
    query: ObjectQuery,
    body: CouponBody,
    response: Coupon,
    errors: [404, 411, 415, 422],
    operation: StoreUpdateCouponDocument,
    variables: ({ params, body }) => ({ storeId: params.store_id, id: params.id, input: graphInput<CouponInput>(body) }),
    reply: (data) => ({ data: restView(data.coupon) }),
  }),
  storeRoute({
    method: 'delete',
    path: '/v1/:store_id/coupons/:id',
    summary: 'Delete a coupon (orders that used it keep it as it was)',
    root: 'coupon',
    params: CouponPath,
    response: Deleted,
    errors: [404],
    operation: StoreDeleteCouponDocument,
    variables: ({ params }) => ({ storeId: params.store_id, id: params.id }),
    reply: () => ({ data: {} }),
  }),
];
