import type { IncomingHttpHeaders } from 'node:http';
import { CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER, type InternalToken } from '../../auth/internal-token';

/** A header set by our own front process, or undefined when the internal secret is not beside it. */
export function vouchedHeader(headers: IncomingHttpHeaders, name: string, token: InternalToken): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value !== '' && token.matches(headers[INTERNAL_TOKEN_HEADER]) ? value : undefined;
}

/**
 * The caller's real address: the one our own front process vouched for (its header counts only
 * with the internal secret beside it), else the socket's. A client cannot claim loopback.
 */
export function clientAddressOf(headers: IncomingHttpHeaders, socketAddress: string | undefined, token: InternalToken): string {
  return vouchedHeader(headers, CLIENT_ADDRESS_HEADER, token) ?? socketAddress ?? '';
}
