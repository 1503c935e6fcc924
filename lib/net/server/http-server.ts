import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_HTTP_SERVER_CONFIG, type HttpServerConfig } from '../../config/http-config';
import { answerParserRefusals, plainRefusal, type RefusalRenderer } from '../requests/parser-refusals';

/** How to stop a server made by `createHttpServer`: its grace and its responses still being written. */
interface Draining {
  graceMs: number;
  inFlight: Set<ServerResponse>;
}

const drainable = new WeakMap<Server, Draining>();

/** How often a closing server looks for connections whose last response has just ended. */
const IDLE_SWEEP_MS = 50;

/**
 * An HTTP server that evicts slow clients and can be drained. A client must send a request's
 * head within `headersTimeoutMs` and the whole request within `requestTimeoutMs` (Node answers
 * 408 and closes); Node checks those deadlines every `connectionsCheckingInterval`, so that is
 * kept well under the head's. Once the server is closing, every response says
 * `Connection: close`, so a keep-alive client learns not to send on that connection again. What
 * the HTTP parser refuses (408, 431, a malformed request's 400) is answered in JSON, in the shape
 * `refusals` gives it.
 */
export function createHttpServer(listener: RequestListener, config: HttpServerConfig = DEFAULT_HTTP_SERVER_CONFIG, refusals: RefusalRenderer = plainRefusal): Server {
  const server = createServer({
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(config.headersTimeoutMs / 4))),
  });
  const inFlight = new Set<ServerResponse>();
  // Before the application's listener, so that a response it answers at once is tracked too.
  server.on('request', (_req, res: ServerResponse) => {
    if (!server.listening) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  server.on('request', listener);
  // Node's head deadline starts at a request's first byte: a connection that never sends one is
  // closed here instead, or idle sockets would pile up for as long as their clients like.
  server.on('connection', (socket: Socket) => {
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, config.headersTimeoutMs);
    socket.once('close', () => clearTimeout(silent));
  });
  answerParserRefusals(server, refusals);
  drainable.set(server, { graceMs: config.shutdownGraceMs, inFlight });
  return server;
}

/**
 * Drains a server: it stops accepting connections, closes its idle keep-alive ones at once,
 * marks the responses in flight `Connection: close` (their connections close once they are
 * sent), and resolves when the last connection has closed. Connections still open after the
 * shutdown grace are cut.
 */
export function closeServer(server: Server): Promise<void> {
  const draining = drainable.get(server) ?? { graceMs: DEFAULT_HTTP_SERVER_CONFIG.shutdownGraceMs, inFlight: new Set() };
  return new Promise((resolve) => {
    // A response whose head went out before the close keeps its connection: close it once idle.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => server.closeAllConnections(), draining.graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    for (const res of draining.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    server.closeIdleConnections();
  });
}
