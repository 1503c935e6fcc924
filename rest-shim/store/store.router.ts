import { Router } from 'express';
import { AppError } from '../../lib/errors';
import type { LeakyBucket } from '../../lib/rate-limit';
import { operationOf } from '../../lib/graph-client';
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
import { readStoreBody } from './store-body';
import { renderStoreError } from './store-errors';
import { xmlSuffix } from './store-reply';
import { mountStoreRoutes, unmatchedScope } from './store-route';

/** Every route of the store API under `/v1/{store_id}`, in matching order. */
export const STORE_ROUTES = [...storeInfoRoutes, ...productRoutes, ...variantRoutes, ...imageRoutes, ...categoryRoutes, ...customerRoutes, ...orderRoutes, ...couponRoutes, ...webhookRoutes, ...scriptRoutes];

export interface StoreRouterOptions {
  gateway: ShimGateway;
  bucket: LeakyBucket;
  /** Origin of the `Link` URLs. @default the request's scheme and host */
  publicBaseUrl?: string;
}

/**
 * The store platform API (specs/store.md): the `.xml` suffix, the body read but not yet judged,
 * the access step with the route row's scope (User-Agent, the graph's access check, the bucket,
 * the body's verdict), then one GraphQL operation per route; one error renderer for all of it.
 */
export function storeRouter({ gateway, bucket, publicBaseUrl }: StoreRouterOptions): Router {
  const accessOperation = operationOf(StoreAccessDocument);
  const checkAccess: AccessCheck = async (req, storeId, scope) => {
    const { storeAccess } = await gateway.run(req, accessOperation, { storeId, scope });
    return { storeId: storeAccess.storeId, appId: storeAccess.appId, mainLanguage: storeAccess.store.mainLanguage };
  };
  const router = Router({ mergeParams: true });
  const access = storeAccess({ bucket, checkAccess });
  const routes = STORE_ROUTES.map((route) => ({ ...route, path: route.path.replace(/^\/v1\/:store_id/, '') }));
  router.use(xmlSuffix(), readStoreBody());
  mountStoreRoutes(router, routes, gateway, access, publicBaseUrl);
  // Past the access step, so a bad token on an unknown route is still a 401.
  router.use(access(unmatchedScope(routes)), () => {
    throw new AppError('NOT_FOUND', 'Not found', { details: { routeUnknown: true } });
  });
  router.use(renderStoreError());
  return router;
}
