import type { KeyAuthenticator, KeyCaller } from './key-authenticator';

/**
 * The SDK caller of one request, from its headers, the way `RequestIdentity` is the operator:
 * services ask for it when they need it, and a request that never asks pays nothing.
 */
export class SdkCredentials {
  private signedCaller?: Promise<KeyCaller>;

  constructor(
    private readonly headers: Readonly<Record<string, string | undefined>>,
    private readonly authenticator: KeyAuthenticator,
  ) {}

  /** A call with a body (POST): key, signature over the raw body (used once), request rate; asked once per request. */
  signed(): Promise<KeyCaller> {
    this.signedCaller ??= this.authenticator.authenticate(this.headers, { signed: true });
    return this.signedCaller;
  }

  /** A call without a body (GET): key and request rate. */
  unsigned(): Promise<KeyCaller> {
    return this.authenticator.authenticate(this.headers, { signed: false });
  }

  /** The holder of a key presented in a body (`/auth/verify`): no signature, no rate. */
  holderOf(apiKey: string): Promise<KeyCaller> {
    return this.authenticator.identify(this.headers, apiKey);
  }
}
