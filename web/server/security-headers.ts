import type { RequestHandler } from 'express';

/**
 * Headers that keep the console's page to itself: scripts and styles from this origin only,
 * network calls to this origin and the gateway (HTTP and its graphql-ws twin), no framing.
 * Inline style attributes stay allowed: the charting library positions its tooltips with them.
 */
export function securityHeaders(gatewayUrl: string): RequestHandler {
  const gateway = new URL(gatewayUrl);
  const socket = `${gateway.protocol === 'https:' ? 'wss:' : 'ws:'}//${gateway.host}`;
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${gateway.origin} ${socket}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  };
}
