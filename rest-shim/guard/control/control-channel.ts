import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER } from '../../../lib/auth';
import { AppError } from '../../../lib/errors';
import { requestIdFrom, type Logger } from '../../../lib/logging';
import { peerAddress, type AllowedHosts, type TrustedProxies } from '../../../lib/net';
import { socketUrl } from '../../../lib/subscriptions';
import { toApiError, type ApiError } from '../../kit/api-error';
import { guardErrorBody, guardErrorStatus, retryAfterHeader } from '../guard-errors';
import { checkProtocolVersion, declaredProtocol } from '../protocol-version';
import type { ControlSignal } from './control-messages';
import { ControlRefusal, ControlUpstream } from './control-upstream';
import { ControlSession } from './control-session';
import { checkWebSocketHandshake, organisationIdOf } from './upgrade-request';

export interface ControlChannelOptions {
  httpServer: Server;
  /** The gateway's GraphQL endpoint (http); the subscription goes to its graphql-ws twin. */
  gatewayUrl: string;
  internalToken: string;
  /** Upgrades bypass express's middleware, so the host check is repeated here. */
  allowedHosts: AllowedHosts;
  /** Load balancers whose `X-Forwarded-For` names the caller. */
  trustedProxies: TrustedProxies;
  logger: Logger;
  pingSeconds: number;
  /** How long the gateway may take to confirm the subscription. @default 10000 */
  subscribeTimeoutMs?: number;
}

const CONTROL_PATH = /^\/ws\/control\/([^/?#]+)\/?(?:\?.*)?$/;

/**
 * `GET /ws/control/{organization_id}` of the guard protocol: the GraphQL `workflowControl`
 * subscription, subscribed at the gateway with the caller's credentials before the upgrade is
 * accepted (so a bad key gets the protocol's 401, not an open socket), then translated.
 */
export function serveControlChannel(options: ControlChannelOptions): { close(): Promise<void> } {
  const { httpServer, logger } = options;
  const gatewaySocketUrl = socketUrl(options.gatewayUrl);
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sessions = new Set<ControlSession>();

  /** Upgrades waiting for the gateway to confirm the subscription: `close()` ends them. */
  const pending = new Map<Duplex, Promise<void>>();

  const accept = async (req: IncomingMessage, socket: Duplex, head: Buffer, organisationSegment: string) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    checkWebSocketHandshake(req);
    checkProtocolVersion(declaredProtocol(req.headers));
    const organisationId = organisationIdOf(organisationSegment);
    const credentials = callerCredentials(req);
    const upstream = new ControlUpstream(gatewaySocketUrl, {
      ...credentials,
      'x-request-id': requestId,
      [INTERNAL_TOKEN_HEADER]: options.internalToken,
      [CLIENT_ADDRESS_HEADER]: peerAddress(req, options.trustedProxies),
    }, organisationId);
    let initial: ControlSignal;
    try {
      const first = await firstSignal(upstream, socket, options.subscribeTimeoutMs ?? 10_000);
      if (!first) throw new AppError('SERVICE_UNAVAILABLE', 'The control subscription ended before it started');
      initial = first;
    } catch (error) {
      await upstream.close();
      throw error;
    }
    let opened = false;
    sockets.handleUpgrade(req, socket, head, (ws) => {
      opened = true;
      const sessionLogger = logger.child({ requestId, organisationId, channel: 'control' });
      const session: ControlSession = new ControlSession(ws, upstream, initial, sessionLogger, options.pingSeconds * 1000, () => sessions.delete(session));
      sessions.add(session);
      sessionLogger.info('control socket open');
    });
    // ws calls back synchronously or never (the client left, or the server is closing).
    if (!opened) await upstream.close();
  };

  httpServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (options.allowedHosts.refuseUpgrade(req, socket)) return;
    const match = CONTROL_PATH.exec(req.url ?? '');
    if (!match) {
      refuse(socket, toApiError(new AppError('NOT_FOUND', 'No WebSocket endpoint here')), '');
      return;
    }
    const accepting = accept(req, socket, head, match[1])
      .catch((error: unknown) => {
        if (error instanceof ClientGone) {
          logger.debug({ url: req.url }, 'control upgrade abandoned by the client');
          return;
        }
        const apiError = error instanceof ControlRefusal ? error.error : toApiError(error);
        if (apiError.unexpected) logger.error({ err: error }, 'control upgrade failed');
        else logger.info({ status: apiError.status, code: apiError.code, url: req.url }, 'control upgrade refused');
        refuse(socket, apiError, String(req.headers['x-request-id'] ?? ''));
      })
      .finally(() => pending.delete(socket));
    pending.set(socket, accepting);
  });

  return {
    async close() {
      const accepting = [...pending.values()];
      for (const socket of pending.keys()) socket.destroy();
      await Promise.all([...accepting, ...[...sessions].map((session) => session.shutdown())]);
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}

/** The caller's credential headers: `X-API-Key`, or `Authorization` (the same key, or an operator's JWT). */
function callerCredentials(req: IncomingMessage): Record<string, string> {
  const credentials: Record<string, string> = {};
  for (const name of ['x-api-key', 'authorization']) {
    const value = req.headers[name];
    if (typeof value === 'string' && value !== '') credentials[name] = value;
  }
  if (Object.keys(credentials).length === 0) throw new AppError('API_KEY_MISSING');
  return credentials;
}

/** Answers an upgrade request with the protocol's error body instead of a socket. */
function refuse(socket: Duplex, error: ApiError, requestId: string): void {
  const body = JSON.stringify(guardErrorBody(error, requestId));
  const status = guardErrorStatus(error);
  const retryAfter = retryAfterHeader(error);
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...(retryAfter ? [`Retry-After: ${retryAfter}`] : []),
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

/** The client closed its connection while its subscription was being opened: nobody to answer. */
class ClientGone extends Error {}

/** The subscription's first signal, unless it takes longer than `ms` or the client hangs up first. */
function firstSignal(upstream: ControlUpstream, socket: Duplex, ms: number): Promise<ControlSignal | undefined> {
  let timer: NodeJS.Timeout | undefined;
  let onClose: (() => void) | undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new AppError('SERVICE_UNAVAILABLE', 'The control subscription did not start in time')), ms);
    onClose = () => reject(new ClientGone('The client closed the connection'));
    if (socket.destroyed) onClose();
    else socket.once('close', onClose);
  });
  return Promise.race([upstream.next(), stopped]).finally(() => {
    clearTimeout(timer);
    if (onClose) socket.off('close', onClose);
  });
}

