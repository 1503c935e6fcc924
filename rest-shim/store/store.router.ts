import { AppError } from '../../lib/errors';
import type { LeakyBucket } from '../../lib/rate-limit';
import { operationOf } from '../../lib/graph-client';
import type { RouteCall } from '../kit/route';
import type { FrontApi, RouteFront } from '../kit/route-front';
import type { ShimGateway } from '../kit/shim-gateway';
import { StoreAccessDocument } from '../generated/graph';
import { categoryRoutes } from './routes/category.routes';
import { couponRoutes } from './routes/coupon.routes';
import { customerRoutes } from './routes/customer.routes';
import { imageRoutes } from './routes/image.routes';
import { orderRoutes } from './routes/order.routes';
import { productRoutes } from './routes/product.routes';
import { scriptRoutes } from './routes/script.routes';
import { variantRoutes } from './routes/variant.routes';
import { storeInfoRoutes } from './routes/store-info.routes';
import { webhookRoutes } from './routes/webhook.routes';
import { storeAccess, type AccessCheck } from './store-access';
import { storeBody } from './store-body';
import { renderStoreError } from './store-errors';
import { XML_SUFFIX } from './store-reply';
import { addStoreRoutes, unmatchedScope } from './store-route';

/** Every route of the store API under `/v1/{store_id}`, in matching order. */
export const STORE_ROUTES = [...storeInfoRoutes, ...productRoutes, ...variantRoutes, ...imageRoutes, ...categoryRoutes, ...customerRoutes, ...orderRoutes, ...couponRoutes, ...webhookRoutes, ...scriptRoutes];

/** Where the store API lives: every path under it is the store's, known or not. */
const STORE_PREFIX = '/v1/:store_id';

export interface StoreRouterOptions {
  gateway: ShimGateway;
  bucket: LeakyBucket;
  /** Origin of the `Link` URLs. @default the request's scheme and host */
  publicBaseUrl?: string;
}

/**
 * The store platform API (specs/store.md), all of it on the route front: the `.xml` suffix, the
 * body read but not yet judged, the access step with the route row's scope (User-Agent, the
 * graph's access check, the bucket, the body's verdict), then one GraphQL operation per route;
 * one error renderer for all of it. Another method on a known path is 405 and an unknown path
 * under `/v1/{store_id}` 404, both after the access step, so probing paths costs rate too.
 */
export function serveStoreApi(front: RouteFront, { gateway, bucket, publicBaseUrl }: StoreRouterOptions): void {
  const accessOperation = operationOf(StoreAccessDocument);
  const checkAccess: AccessCheck = async (call, storeId, scope) => {
    const { storeAccess } = await gateway.run(call, accessOperation, { storeId, scope });
    return { storeId: storeAccess.storeId, appId: storeAccess.appId, mainLanguage: storeAccess.store.mainLanguage };
  };
  const access = storeAccess({ bucket, checkAccess });
  const scopeOf = unmatchedScope(STORE_ROUTES);
  const unmatched = async (call: RouteCall, res: Parameters<typeof access>[1]) => {
    const path = call.location?.path ?? '';
    await access(call, res, scopeOf({ method: call.method, path: call.suffix ? path.slice(0, -call.suffix.length) : path }));
  };
  const api: FrontApi = { readBody: storeBody, renderError: renderStoreError(), links: { publicBaseUrl }, suffix: XML_SUFFIX, unmatched };
  addStoreRoutes(front, api, STORE_ROUTES, gateway, access);
  front.addPrefix(api, STORE_PREFIX, async (call, res) => {
    await unmatched(call, res);
    throw new AppError('NOT_FOUND', 'Not found', { details: { routeUnknown: true } });
  });
}
