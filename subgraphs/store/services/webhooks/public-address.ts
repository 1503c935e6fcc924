import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses no outbound request of ours may reach on a caller's behalf (SSRF): private, loopback,
 * link-local (cloud metadata at 169.254.169.254), shared, documentation, benchmarking, multicast and
 * reserved ranges of both families. Node's BlockList also matches IPv4-mapped IPv6 addresses
 * (`::ffff:127.0.0.1`) against the IPv4 rules.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible block
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses through a translator
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** True for an IP address (literal) that is publicly routable; false for anything else, non-addresses included. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The error of a host that resolves to an address we may not reach. */
export class NonPublicAddressError extends Error {
  readonly code = 'ENOTPUBLIC';

  constructor(readonly host: string, readonly address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = 'NonPublicAddressError';
  }
}

/** The host of a URL as DNS and the address checks take it: IPv6 literals without brackets. */
export const hostOfUrl = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Every address `host` resolves to (an IP literal is its own), refusing with NonPublicAddressError
 * when any of them is not public: a name with one private address among public ones is refused too.
 */
export async function resolvePublicHost(host: string): Promise<LookupAddress[]> {
  const family = isIP(host);
  const addresses = family !== 0 ? [{ address: host, family }] : await new Promise<LookupAddress[]>((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, found) => (error ? reject(error) : resolve(found)));
  });
  const refused = addresses.find((entry) => !isPublicAddress(entry.address));
  if (refused) throw new NonPublicAddressError(host, refused.address);
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `net.connect` / `tls.connect` (undici's `connect` options) that resolves like the
 * system's and fails the connection when the name resolves to an address that is not public. The
 * check is made on the very addresses the socket then connects to, so a DNS answer that changes
 * between a check and the request (rebinding) cannot slip through. IP literals never reach a
 * lookup: check them with `isPublicAddress` before connecting.
 */
export function publicOnlyLookup(host: string, options: LookupOptions, callback: LookupCallback): void {
  resolvePublicHost(host).then(
    (addresses) => {
      const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
      if (wanted.length === 0) return callback(Object.assign(new Error(`${host} has no address of family ${options.family}`), { code: 'ENOTFOUND' }), '');
      if (options.all) return callback(null, wanted);
      callback(null, wanted[0].address, wanted[0].family);
    },
    (error: NodeJS.ErrnoException) => callback(error, ''),
  );
}
