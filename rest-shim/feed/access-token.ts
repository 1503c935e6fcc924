import type { Request } from 'express';
import { unauthenticated } from '../../lib/errors';

/**
 * The feed's `?access_token=` as the `X-Access-Token` header the gateway forwards. The URL is the
 * legacy place for it; a header sent directly still works when the URL has none.
 */
export function accessTokenHeader(req: Request): Record<string, string> {
  const token = req.query.access_token;
  if (token === undefined) return {};
  if (typeof token !== 'string') throw unauthenticated('access_token must be given once');
  return { 'x-access-token': token };
}
