import type { RequestHandler, Response } from 'express';

/** CSP directives beyond the pages' baseline, each a list of sources. */
export type PolicyAdditions = Partial<Record<'script-src' | 'style-src' | 'img-src' | 'connect-src' | 'form-action', readonly string[]>>;

/**
 * The baseline of every page: everything from this origin only, no plugins, no framing, no
 * `<base>`. Pages widen it where they must (the storefront for its apps' scripts, the
 * authorisation page for the app's redirect) and never globally.
 */
const BASELINE: Record<string, readonly string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
};

export function contentSecurityPolicy(additions: PolicyAdditions = {}): string {
  const directives = { ...BASELINE };
  for (const [name, sources] of Object.entries(additions)) directives[name] = [...new Set([...(directives[name] ?? []), ...sources])];
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The headers every page carries, with its content policy. `same-origin`: no address of ours
 * reaches another site, while the page's own form posts and fetches still carry their `Origin`
 * (under `no-referrer` a browser sends `Origin: null`), which the forms' checks compare.
 */
export function setPageHeaders(res: Response, additions: PolicyAdditions = {}): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(additions));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
}

/**
 * The console's and the installer page's headers: scripts and styles from this origin, network
 * calls to this origin and the gateway (HTTP and its graphql-ws twin). Inline style attributes stay
 * allowed: the charting library positions its tooltips with them.
 */
export function appPageHeaders(gatewayUrl: string): RequestHandler {
  const gateway = new URL(gatewayUrl);
  const socket = `${gateway.protocol === 'https:' ? 'wss:' : 'ws:'}//${gateway.host}`;
  const additions: PolicyAdditions = { 'style-src': ["'unsafe-inline'"], 'connect-src': [gateway.origin, socket] };
  return (_req, res, next) => {
    setPageHeaders(res, additions);
    next();
  };
}
