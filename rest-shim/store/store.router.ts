import { Router, type Request } from 'express';
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
import { mountStoreRoutes } from './store-route';

/** Every route of the store API under `/v1/{store_id}`, in matching order. */
export const STORE_ROUTES = [...storeInfoRoutes, ...productRoutes, ...variantRoutes, ...imageRoutes, ...categoryRoutes, ...customerRoutes, ...orderRoutes, ...couponRoutes, ...webhookRoutes, ...scriptRoutes];

export interface StoreRouterOptions {
  gateway: ShimGateway;
  bucket: LeakyBucket;
  /** Origin of the `Link` URLs. @default the request's scheme and host */
  publicBaseUrl?: string;
}

/** The resources under `/v1/{store_id}` whose routes need a read scope to read and a write scope to change. */
const SCOPED_RESOURCES: Readonly<Record<string, string>> = { products: 'products', categories: 'products', customers: 'customers', orders: 'orders', coupons: 'coupons' };

/**
 * The scope a `/v1` request needs (`req.path` is under `/v1/{store_id}`): `*_products` for the
 * catalog, `*_customers`, `*_orders`, `*_coupons` for theirs, `write_scripts` for scripts (reading
 * them too: there is no read scope for them), any valid token for the rest (the store, webhooks).
 */
export function scopeOf(req: Request): string | null {
  const resource = req.path.split('/')[1];
  if (resource === 'scripts') return 'write_scripts';
  const scoped = Object.hasOwn(SCOPED_RESOURCES, resource) ? SCOPED_RESOURCES[resource] : undefined;
  if (!scoped) return null;
  return `${req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write'}_${scoped}`;
}

/**
 * The store platform API (specs/store.md): the `.xml` suffix, the body read but not yet judged,
 * the access step (User-Agent, the graph's access check, the bucket, the body's verdict), then one
 * GraphQL operation per route; one error renderer for all of it.
 */
export function storeRouter({ gateway, bucket, publicBaseUrl }: StoreRouterOptions): Router {
  const access = operationOf(StoreAccessDocument);
  const checkAccess: AccessCheck = async (req, storeId, scope) => {
    const { storeAccess } = await gateway.run(req, access, { storeId, scope });
    return { storeId: storeAccess.storeId, appId: storeAccess.appId, mainLanguage: storeAccess.store.mainLanguage };
  };
  const router = Router({ mergeParams: true });
  router.use(xmlSuffix(), readStoreBody(), storeAccess({ bucket, checkAccess, scopeOf }));
  mountStoreRoutes(router, STORE_ROUTES.map((route) => ({ ...route, path: route.path.replace(/^\/v1\/:store_id/, '') })), gateway, publicBaseUrl);
  // Past the access step, so a bad token on an unknown route is still a 401.
  router.use(() => {
    throw new AppError('NOT_FOUND', 'Not found', { details: { routeUnknown: true } });
  });
  router.use(renderStoreError());
  return router;
}
