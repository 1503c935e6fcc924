import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CATALOG } from '../../errors';
import { canonicalHost } from './host-name';

/** What a refused request is answered: 400 with a body that names the reason and the host. */
export interface HostRefusal {
  status: number;
  body: { error: string; code: 'HOST_NOT_ALLOWED'; message: string; host: string };
}

/**
 * The host names a public process answers for (`ALLOWED_HOSTS`), checked against each request's
 * `Host` header so that a DNS name pointed at us by someone else (DNS rebinding, a stray vhost)
 * gets nothing. Entries are canonical (see `canonicalHost`): a name or IP address, `.example.com`
 * for that domain and its subdomains, or `*` for any host. The port is never compared.
 */
export class AllowedHosts {
  private readonly any: boolean;
  private readonly exact: Set<string>;
  private readonly domains: string[];

  constructor(entries: readonly string[]) {
    this.any = entries.includes('*');
    this.exact = new Set(entries.filter((entry) => !entry.startsWith('.')));
    this.domains = entries.filter((entry) => entry.startsWith('.'));
  }

  allows(hostHeader: string | undefined): boolean {
    if (this.any) return true;
    const host = hostHeader === undefined ? undefined : canonicalHost(hostHeader)?.host;
    if (!host) return false;
    return this.exact.has(host) || this.domains.some((domain) => host === domain.slice(1) || host.endsWith(domain));
  }

  /** The answer to a request whose host is not allowed, else undefined. */
  refusal(req: IncomingMessage): HostRefusal | undefined {
    const host = req.headers.host;
    if (this.allows(host)) return undefined;
    const { status, message } = ERROR_CATALOG.HOST_NOT_ALLOWED;
    return { status, body: { error: 'Host not allowed', code: 'HOST_NOT_ALLOWED', message, host: host ?? '' } };
  }

  /** Connect/express middleware: refuses before any route runs. */
  middleware(): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
    return (req, res, next) => {
      const refused = this.refusal(req);
      if (!refused) return next();
      res.writeHead(refused.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(refused.body));
    };
  }

  /**
   * For an HTTP server's `upgrade` listener (WebSockets bypass middleware): answers 400 on the raw
   * socket and returns true when the host is not allowed.
   */
  refuseUpgrade(req: IncomingMessage, socket: Duplex): boolean {
    const refused = this.refusal(req);
    if (!refused) return false;
    const body = JSON.stringify(refused.body);
    socket.end(
      [
        `HTTP/1.1 ${refused.status} ${STATUS_CODES[refused.status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    return true;
  }
}
