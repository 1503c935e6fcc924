import type { WebSocket, RawData } from 'ws';
import type { Logger } from '../../../lib/logging';
import { ControlTranslator, type ControlMessage, type ControlSignal } from './control-messages';
import { ControlRefusal, type ControlUpstream } from './control-upstream';

/** Close codes for a socket whose credentials stopped being good. */
const CLOSE_UNAUTHORISED = 4401;
const CLOSE_FORBIDDEN = 4403;
/** Wait before starting a subscription again after it ended or failed on the server's side. */
const RESUBSCRIBE_DELAY_MS = 1000;

/**
 * One `/ws/control/{org}` socket, after the upgrade: relays the translated signals, answers the
 * client's pings and logs its acks, pings it every few seconds (a peer that stops answering is
 * dropped), and never closes it on its own except when the credentials are refused or the
 * server shuts down: existing clients do not reconnect.
 */
export class ControlSession {
  private readonly translator = new ControlTranslator();
  private readonly heartbeat: NodeJS.Timeout;
  private alive = true;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly upstream: ControlUpstream,
    first: ControlSignal,
    private readonly logger: Logger,
    pingMs: number,
    private readonly onEnd: () => void,
  ) {
    socket.on('message', (data) => this.onClientMessage(data));
    socket.on('pong', () => (this.alive = true));
    socket.on('close', () => void this.end());
    this.heartbeat = setInterval(() => this.ping(), pingMs);
    this.relay(first);
    this.pump().catch((error: unknown) => {
      this.logger.error({ err: error }, 'control session failed');
      this.socket.close(1011, 'internal error');
      void this.end();
    });
  }

  /** Closes the socket for shutdown (1001 Going Away). */
  shutdown(): Promise<void> {
    this.socket.close(1001, 'server shutting down');
    return this.end();
  }

  private async pump(): Promise<void> {
    while (!this.closed) {
      try {
        const signal = await this.upstream.next();
        if (this.closed) return;
        if (signal) {
          this.relay(signal);
          continue;
        }
        this.logger.info('control subscription ended upstream; subscribing again');
      } catch (error) {
        if (!(error instanceof ControlRefusal)) throw error;
        if (error.error.status === 401 || error.error.status === 403) {
          this.socket.close(error.error.status === 401 ? CLOSE_UNAUTHORISED : CLOSE_FORBIDDEN, error.error.code);
          return this.end();
        }
        this.logger.warn({ code: error.error.code }, 'control subscription failed upstream; subscribing again');
      }
      await new Promise((resolve) => setTimeout(resolve, RESUBSCRIBE_DELAY_MS));
      if (!this.closed) this.upstream.restart();
    }
  }

  private relay(signal: ControlSignal): void {
    for (const message of this.translator.translate(signal)) this.send(message);
  }

  private onClientMessage(data: RawData): void {
    let message: { type?: unknown; message_id?: unknown };
    try {
      message = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (message?.type === 'ping') this.send({ type: 'pong' });
    else if (message?.type === 'ack') this.logger.debug({ messageId: message.message_id }, 'control message acknowledged');
  }

  private ping(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  private send(message: ControlMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private async end(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.onEnd();
    await this.upstream.close();
  }
}
