import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * Which peers may say, in `X-Forwarded-For`, whom they forward a request for: proxy-addr's
 * compiled trust (express's `trust proxy` takes the same function).
 */
export type TrustedProxies = (address: string, hop: number) => boolean;

/** No peer is a trusted proxy: `X-Forwarded-For` counts for nothing, the socket's peer is the client. */
export const NO_TRUSTED_PROXIES: TrustedProxies = () => false;

/**
 * `TRUSTED_PROXIES` compiled: addresses, CIDR ranges, and proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`. Throws on an entry that is none of them.
 */
export function trustProxies(entries: readonly string[]): TrustedProxies {
  return entries.length === 0 ? NO_TRUSTED_PROXIES : proxyAddr.compile([...entries]);
}

/**
 * The address a request came from: its socket's peer, or, when that peer is a trusted proxy (a
 * load balancer in front of every replica), the address the proxy names in `X-Forwarded-For`,
 * walking back past further trusted proxies to the first one that is not. Behind HAProxy without
 * this, every client has HAProxy's address: one address's login failures lock out everyone, and a
 * balancer on the same machine makes every client a loopback caller.
 */
export function peerAddress(req: IncomingMessage, trusted: TrustedProxies): string {
  return proxyAddr(req, trusted) ?? '';
}

/**
 * The scheme a request was sent with: `https` on a TLS socket, else `http`; when the socket's
 * peer is a trusted proxy, the first scheme it names in `X-Forwarded-Proto` (the balancer ends
 * TLS, so only it knows). From anyone else the header counts for nothing, as `X-Forwarded-For`.
 */
export function requestScheme(req: IncomingMessage, trusted: TrustedProxies): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trusted(req.socket.remoteAddress ?? '', 0)) return own;
  const forwarded = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0].trim();
  return first || own;
}
