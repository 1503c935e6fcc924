import type { IncomingHttpHeaders } from 'node:http';
import { CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER, type InternalToken } from '../auth/internal-token';

/**
 * The caller's real address: the one our own front process vouched for (its header counts only
 * with the internal secret beside it), else the socket's. A client cannot claim loopback.
 */
export function clientAddressOf(headers: IncomingHttpHeaders, socketAddress: string | undefined, token: InternalToken): string {
  const claimed = headers[CLIENT_ADDRESS_HEADER];
  if (typeof claimed === 'string' && claimed !== '' && token.matches(headers[INTERNAL_TOKEN_HEADER])) return claimed;
  return socketAddress ?? '';
}
