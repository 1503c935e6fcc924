import { hostOfUrl, resolvePublicHost } from '../../../../lib/net';

const MAX_URL = 2048;

/**
 * Where webhooks may point. A URL is absolute https, has no credentials, and its host resolves
 * only to public addresses (checked again by the sender at each delivery, since DNS can change).
 * With `allowPrivate` (STORE_WEBHOOK_ALLOW_PRIVATE, development and tests) plain http and any
 * address are accepted and nothing is resolved.
 */
export class WebhookTargets {
  constructor(private readonly allowPrivate: boolean) {}

  /** The URL to store, or undefined when it may not be a target. */
  async check(value: string): Promise<string | undefined> {
    const trimmed = value.trim();
    if (trimmed.length === 0 || trimmed.length > MAX_URL) return undefined;
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      return undefined;
    }
    if (url.username !== '' || url.password !== '' || url.hostname === '') return undefined;
    if (this.allowPrivate) return url.protocol === 'https:' || url.protocol === 'http:' ? trimmed : undefined;
    if (url.protocol !== 'https:') return undefined;
    try {
      await resolvePublicHost(hostOfUrl(url));
    } catch {
      // A host that resolves to a private address, or to nothing: either way nothing can be delivered.
      return undefined;
    }
    return trimmed;
  }
}
