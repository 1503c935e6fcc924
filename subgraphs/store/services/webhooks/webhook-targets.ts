import { hostOfUrl, NonPublicAddressError, resolvePublicHost } from './public-address';

const MAX_URL = 2048;

/** What lifts the private-address and https rules, named in the refusals it would have avoided. */
const ALLOWING_VARIABLE = 'STORE_WEBHOOK_ALLOW_PRIVATE=true';

/** The URL to store, or why it may not be a target (said after the legacy API's own message). */
export type TargetCheck = { url: string } | { refused: string };

/**
 * Where webhooks may point. A URL is absolute https, has no credentials, and its host resolves
 * only to public addresses (checked again by the sender at each delivery, since DNS can change).
 * With `allowPrivate` (STORE_WEBHOOK_ALLOW_PRIVATE, development and tests) plain http and any
 * address are accepted and nothing is resolved.
 */
export class WebhookTargets {
  constructor(private readonly allowPrivate: boolean) {}

  async check(value: string): Promise<TargetCheck> {
    const trimmed = value.trim();
    if (trimmed.length > MAX_URL) return { refused: `the url is longer than ${MAX_URL} characters` };
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      return { refused: 'not an absolute url' };
    }
    if (url.username !== '' || url.password !== '') return { refused: 'the url carries credentials' };
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: 'not an http or https url' };
    if (url.hostname === '') return { refused: 'the url names no host' };
    if (this.allowPrivate) return { url: trimmed };
    if (url.protocol !== 'https:') return { refused: `not https (${ALLOWING_VARIABLE} allows http in development)` };
    try {
      await resolvePublicHost(hostOfUrl(url));
    } catch (error) {
      if (error instanceof NonPublicAddressError) {
        return { refused: `${error.host} resolves to ${error.address}, a private address (${ALLOWING_VARIABLE} allows it in development)` };
      }
      return { refused: `${hostOfUrl(url)} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'no address'})` };
    }
    return { url: trimmed };
  }
}
