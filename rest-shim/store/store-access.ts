import type { ServerResponse } from 'node:http';
import { AppError, unauthenticated } from '../../lib/errors';
import type { LeakyBucket } from '../../lib/rate-limit';
import { GatewayOperationError } from '../../lib/graph-client';
import type { RouteCall } from '../kit/route';
import { writeRateHeaders } from './rate-headers';
import type { StoreBody } from './store-body';

/** Who the graph found the caller to be: the installation's (store, app) and the store's main language. */
export interface StoreCaller {
  storeId: number;
  appId: number;
  mainLanguage: string;
}

/** Asks the graph whether the caller's token opens `storeId` with `scope` (401, 403 or 402 if not). */
export type AccessCheck = (call: RouteCall, storeId: number, scope: string | null) => Promise<StoreCaller>;

export interface StoreAccessOptions {
  bucket: LeakyBucket;
  checkAccess: AccessCheck;
}

/** A request past the access step: who called, and its body, judged. */
export interface StoreAccessed {
  caller: StoreCaller;
  body: Record<string, unknown>;
}

/**
 * The access step for a request needing `scope` (a row's own, or the one `unmatchedScope` finds;
 * null: any valid token); the call's body is the store's verdict on it (`storeBody`).
 */
export type StoreAccess = (call: RouteCall, res: ServerResponse, scope: string | null) => Promise<StoreAccessed>;

const APP_TOKEN = /^bearer\s+\S+\s*$/i;

/** The `{store_id}` of the path, when it is a store id at all. */
function storeIdOf(call: RouteCall): number | undefined {
  const raw = String(call.params.store_id ?? '');
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  return id >= 1 ? id : undefined;
}

/** A request header's value, as one string. */
const headerOf = (call: RouteCall, name: string): string | undefined => {
  const value = call.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** The bucket of an installation: one per (store, app), whichever instance answers. */
const bucketKeyOf = (storeId: number, appId: number) => `store-api:${storeId}:${appId}`;

/** The identity a 403 or 402 of the graph carries: the token was valid, so the request counts. */
function identityOf(error: unknown): { storeId: number; appId: number } | undefined {
  if (!(error instanceof GatewayOperationError) || (error.status !== 403 && error.status !== 402)) return undefined;
  const { storeId, appId } = (error.details ?? {}) as { storeId?: unknown; appId?: unknown };
  return typeof storeId === 'number' && typeof appId === 'number' ? { storeId, appId } : undefined;
}

/**
 * The checks of store.md's order that come before a route's operation: User-Agent (400); the
 * graph's access check (no token, an unknown one or another store's 401, scope 403, suspension
 * 402); the installation's bucket (429), which every request with a valid token pours into, 403s
 * and 402s included; then the body read earlier (415, 411, 400). Only then does the route's own
 * operation run, so a refused write never happens and a body problem never hides a credential one.
 */
export function storeAccess({ bucket, checkAccess }: StoreAccessOptions): StoreAccess {
  return async (call, res, scope) => {
    if (!headerOf(call, 'user-agent')) throw new AppError('BAD_USER_INPUT', 'A User-Agent header is required');
    const storeId = storeIdOf(call);
    const hasToken = APP_TOKEN.test(headerOf(call, 'authentication') ?? '') || APP_TOKEN.test(headerOf(call, 'authorization') ?? '');
    // No token, or a path no store has: nothing the graph could accept.
    if (!hasToken || storeId === undefined) throw unauthenticated();
    let caller: StoreCaller;
    try {
      caller = await checkAccess(call, storeId, scope);
    } catch (error) {
      const identity = identityOf(error);
      if (identity) writeRateHeaders(res, { ...(await bucket.take(bucketKeyOf(identity.storeId, identity.appId))), allowed: true, retryAfterSeconds: 0 });
      throw error;
    }
    const verdict = await bucket.take(bucketKeyOf(caller.storeId, caller.appId));
    writeRateHeaders(res, verdict);
    if (!verdict.allowed) throw new AppError('RATE_LIMITED', `Too many requests: retry in ${verdict.retryAfterSeconds} s`);
    const body = call.body as StoreBody;
    if (!body.ok) throw body.problem;
    return { caller, body: body.value };
  };
}
