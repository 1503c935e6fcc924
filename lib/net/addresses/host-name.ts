import { isIP } from 'node:net';

/**
 * The host name of a `Host` header (or of an `ALLOWED_HOSTS` entry) in one canonical form, so that
 * equal hosts compare equal: lower-cased, without port or trailing dot, IPv6 literals without
 * brackets and in their shortest form (`[0:0::1]:8004` → `::1`), IPv4-mapped ones as their IPv4
 * address. `undefined` when the value is not a host at all (user info, a path, spaces, a bad port).
 */
export function canonicalHost(value: string): { host: string; port?: string } | undefined {
  const raw = value.trim();
  if (raw === '' || /[\s@/\\?#%]/.test(raw)) return undefined;
  let host: string;
  let port: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d*))?$/.exec(raw);
  if (bracketed) {
    [, host, port] = bracketed;
    if (isIP(host) !== 6) return undefined;
  } else if (raw.split(':').length > 2) {
    // A bare IPv6 literal (not valid in a Host header, but written so in settings and by some clients).
    host = raw;
    if (isIP(host) !== 6) return undefined;
  } else {
    const colon = raw.lastIndexOf(':');
    host = colon >= 0 ? raw.slice(0, colon) : raw;
    port = colon >= 0 ? raw.slice(colon + 1) : undefined;
    if (!/^[A-Za-z0-9_.-]+$/.test(host)) return undefined;
  }
  if (port !== undefined && !/^\d{0,5}$/.test(port)) return undefined;
  return { host: isIP(host) === 6 ? canonicalIpv6(host) : host.toLowerCase().replace(/\.$/, ''), port: port || undefined };
}

function canonicalIpv6(address: string): string {
  // The URL parser prints IPv6 hosts compressed and lower-cased (RFC 5952).
  const printed = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(printed);
  if (!mapped) return printed;
  const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}
