import type { CookieOptions, Request, Response } from 'express';
import { readCookies } from '../authorize/owner-cookies';

const TOKEN = /^[0-9a-f]{40}$/;
const CART_DAYS = 30;

/**
 * The shopper's cart in one store: its token in a cookie scoped to the store's pages. HttpOnly (no
 * script needs it) and SameSite=Lax, so another site's form cannot post to a shopper's cart with it.
 */
const nameOf = (storeId: number) => `switchyard_cart_${storeId}`;
const options = (req: Request, storeId: number, maxAgeMs?: number): CookieOptions => ({ httpOnly: true, sameSite: 'lax', secure: req.secure, path: `/stores/${storeId}`, maxAge: maxAgeMs });

export const cartCookie = {
  read(req: Request, storeId: number): string | undefined {
    const token = readCookies(req).get(nameOf(storeId));
    return token && TOKEN.test(token) ? token : undefined;
  },
  write(req: Request, res: Response, storeId: number, token: string): void {
    res.cookie(nameOf(storeId), token, options(req, storeId, CART_DAYS * 86_400_000));
  },
  clear(req: Request, res: Response, storeId: number): void {
    res.clearCookie(nameOf(storeId), options(req, storeId));
  },
};
