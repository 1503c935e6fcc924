import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';

/** The signed-in owner's accounts JWT: readable by no script, sent to `/apps` only. */
const SESSION_COOKIE = 'switchyard_owner';
/** The anti-forgery token the authorisation forms must repeat. */
const CSRF_COOKIE = 'switchyard_csrf';

/** The Cookie header as name → value (the first of a repeated name), without a library for ten lines. */
export function readCookies(req: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 1) continue;
    const name = pair.slice(0, equals).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(pair.slice(equals + 1).trim()));
    } catch {
      // A value that is not URI-encoded is none of ours.
    }
  }
  return cookies;
}

/**
 * Lax, so that the owner who arrives from the app's site (a top-level GET from elsewhere) is still
 * signed in; the forms' POSTs are protected by the anti-forgery token, not by SameSite alone.
 * Secure whenever the page was reached over https.
 */
const cookieOptions = (req: Request, maxAgeMs?: number): CookieOptions => ({ httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/apps', maxAge: maxAgeMs });

export const ownerSession = {
  read: (req: Request): string | undefined => readCookies(req).get(SESSION_COOKIE) || undefined,
  write(req: Request, res: Response, token: string, lifetimeSeconds: number): void {
    res.cookie(SESSION_COOKIE, token, cookieOptions(req, lifetimeSeconds * 1000));
  },
  clear(req: Request, res: Response): void {
    res.clearCookie(SESSION_COOKIE, cookieOptions(req));
  },
};

/**
 * Double-submit anti-forgery token: a random value in a cookie (another site can neither read nor
 * set it) that every form repeats in a hidden field. The page reuses the browser's token, or
 * issues one with the page.
 */
export const csrfToken = {
  issue(req: Request, res: Response): string {
    const existing = readCookies(req).get(CSRF_COOKIE);
    if (existing && /^[0-9a-f]{64}$/.test(existing)) return existing;
    const token = randomBytes(32).toString('hex');
    res.cookie(CSRF_COOKIE, token, cookieOptions(req));
    return token;
  },
  /** The form's token is the cookie's (compared in constant time). */
  matches(req: Request, presented: unknown): boolean {
    const expected = readCookies(req).get(CSRF_COOKIE);
    if (!expected || typeof presented !== 'string' || presented.length !== expected.length) return false;
    return timingSafeEqual(Buffer.from(presented), Buffer.from(expected));
  },
};
