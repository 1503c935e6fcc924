import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { AppError, unauthenticated } from '../../lib/errors';
import type { LeakyBucket } from '../../lib/rate-limit';
import { writeRateHeaders } from './rate-headers';
import type { StoreBody } from './store-body';

/** Asks the graph whether the caller's token opens `storeId` with `scope` (401, 403 or 402 if not). */
export type AccessCheck = (req: Request, storeId: number, scope: string | null) => Promise<void>;

export interface StoreAccessOptions {
  bucket: LeakyBucket;
  checkAccess: AccessCheck;
  /** The scope a request needs, from its method and path under `/v1/{store_id}`; null: any valid token. */
  scopeOf: (req: Request) => string | null;
}

const APP_TOKEN = /^bearer\s+(\S+)\s*$/i;

/** The app token of a request: `Authentication: bearer`, or `Authorization: Bearer` as some clients send. */
export function appTokenOf(req: Request): string | undefined {
  return APP_TOKEN.exec(req.get('authentication') ?? '')?.[1] ?? APP_TOKEN.exec(req.get('authorization') ?? '')?.[1];
}

/** The `{store_id}` of the path, when it is a store id at all. */
export function storeIdOf(req: Request): number | undefined {
  const raw = String(req.params.store_id ?? '');
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  return id >= 1 ? id : undefined;
}

/**
 * The bucket of an installation. A store's installation of an app holds exactly one token at a
 * time, so the token (hashed: keys are not secrets) names the (store, app) pair before the graph
 * is asked; authorising the app again issues a new token and so a fresh bucket.
 */
export const bucketKeyOf = (storeId: number, token: string) => `store-api:${storeId}:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;

/**
 * The checks of store.md's order that come before a route's operation: User-Agent (400), a token at
 * all (401), then the bucket. When the bucket is full or the body is bad, the graph is asked about
 * the token first (401, store 401, scope 403, suspension 402), so those still win; only then come
 * 429 and the body's own 415/411/400. Otherwise the route's operation checks the token itself, in
 * the same order, and no request costs two round trips.
 */
export function storeAccess({ bucket, checkAccess, scopeOf }: StoreAccessOptions): RequestHandler {
  return async (req, res, next) => {
    if (!req.get('user-agent')) throw new AppError('BAD_USER_INPUT', 'A User-Agent header is required');
    const storeId = storeIdOf(req);
    const token = appTokenOf(req);
    // No store has such an id, so no token can open it.
    if (!token || storeId === undefined) throw unauthenticated();
    const verdict = await bucket.take(bucketKeyOf(storeId, token));
    writeRateHeaders(res, verdict);
    const body = res.locals.storeBody as StoreBody;
    if (!verdict.allowed || !body.ok) {
      await checkAccess(req, storeId, scopeOf(req));
      if (!verdict.allowed) throw new AppError('RATE_LIMITED', `Too many requests: retry in ${verdict.retryAfterSeconds} s`);
      if (!body.ok) throw body.problem;
    }
    req.body = body.ok ? body.value : {};
    res.locals.storeId = storeId;
    next();
  };
}
