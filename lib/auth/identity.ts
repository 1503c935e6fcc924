import { forbidden, unauthenticated } from '../errors';
import { isAllowed, type AccessContext } from './perms';
import { bearerToken, type TokenClaims, type TokenVerifier } from './tokens';

/**
 * Who is calling, read lazily from the request's `Authorization` header: a request that never
 * asks pays nothing, and one that asks with a bad token gets the reason.
 */
export class RequestIdentity {
  private verified?: TokenClaims;

  constructor(
    private readonly authorization: string | undefined,
    private readonly verifier: TokenVerifier,
  ) {}

  get isPresent(): boolean {
    return this.authorization !== undefined;
  }

  /** The verified claims, or UNAUTHENTICATED with the reason. */
  claims(): TokenClaims {
    if (this.verified) return this.verified;
    const token = bearerToken(this.authorization);
    if (token === undefined) throw unauthenticated('Missing bearer token');
    this.verified = this.verifier.verify(token);
    return this.verified;
  }

  get userId(): string {
    return this.claims().sub;
  }

  /** Throws FORBIDDEN unless the token's perms allow the action in this context. */
  authorize(resource: string, action: string, context: AccessContext = {}): void {
    if (!isAllowed(this.claims().perms, resource, action, context)) throw forbidden();
  }
}
