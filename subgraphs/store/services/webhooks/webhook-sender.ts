import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import type { WebhookConfig } from '../../../../lib/config';
import { hostOfUrl, isPublicAddress, publicOnlyLookup } from './public-address';
import { isAppEvent, type WebhookEvent } from './webhook-events';
import { SIGNATURE_HEADER, signatureOf } from './webhook-signature';

/** One POST to a receiver. */
export interface WebhookMessage {
  deliveryId: number;
  storeId: number;
  event: WebhookEvent;
  resourceId: number | null;
  url: string;
  clientSecret: string;
}

export type SendOutcome = { delivered: true } | { delivered: false; error: string };

const USER_AGENT = 'Switchyard-Webhooks/1.0';
export const DELIVERY_ID_HEADER = 'X-Linkedstore-Delivery-Id';

/** The payload of store.md: `{"store_id", "event", "id"}`, no `id` for app events. */
export function payloadOf(message: Pick<WebhookMessage, 'storeId' | 'event' | 'resourceId'>): string {
  const body: Record<string, unknown> = { store_id: message.storeId, event: message.event };
  if (!isAppEvent(message.event) && message.resourceId !== null) body.id = message.resourceId;
  return JSON.stringify(body);
}

/**
 * Sends webhooks with undici: a 2xx within the timeout is delivered, anything else (another
 * status, a refused or reset connection, the timeout) a failure to retry. Redirects are not
 * followed (a 3xx is a failure), so a receiver cannot bounce a delivery elsewhere. Unless private
 * targets are allowed, the socket connects only to an address checked public at that moment:
 * names go through `publicOnlyLookup`, literal addresses are checked here.
 */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(private readonly settings: Pick<WebhookConfig, 'allowPrivateTargets' | 'timeoutMs'>) {
    this.agent = new Agent({
      connect: { timeout: settings.timeoutMs, ...(settings.allowPrivateTargets ? {} : { lookup: publicOnlyLookup }) },
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      keepAliveTimeout: 4000,
    });
  }

  async send(message: WebhookMessage): Promise<SendOutcome> {
    const url = new URL(message.url);
    const host = hostOfUrl(url);
    if (!this.settings.allowPrivateTargets && isIP(host) !== 0 && !isPublicAddress(host)) {
      return { delivered: false, error: `refused: ${host} is not a public address` };
    }
    const body = payloadOf(message);
    try {
      const response = await request(url, {
        method: 'POST',
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          [SIGNATURE_HEADER.toLowerCase()]: signatureOf(body, message.clientSecret),
          [DELIVERY_ID_HEADER.toLowerCase()]: String(message.deliveryId),
        },
        body,
      });
      // The answer's body is not used; read a little of it so the connection can be reused.
      await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      if (response.statusCode >= 200 && response.statusCode < 300) return { delivered: true };
      return { delivered: false, error: `HTTP ${response.statusCode}` };
    } catch (error) {
      return { delivered: false, error: describeFailure(error) };
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTPUBLIC') return `refused: ${error.message}`;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
