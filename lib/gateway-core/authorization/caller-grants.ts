import { bearerToken, type Perms, type TokenVerifier } from '../../auth';

/** What the gateway knows of a caller for `@authenticated`, `@requiresScopes` and `@policy`. */
export interface CallerGrants {
  authenticated: boolean;
  /** `resource:action` of each `perms` entry of a verified JWT, and `credential:<kind>` of each other credential presented. */
  scopes: ReadonlySet<string>;
  /** The verified JWT's `perms` (for policies), when there is one. */
  perms?: Perms;
}

/**
 * The credential headers other than a JWT, by the scope that names them. Their owning subgraph
 * verifies them (a stored key, a session); the gateway counts a caller presenting one as
 * authenticated and leaves the verdict to that subgraph's own check, the second line.
 */
const CREDENTIAL_SCOPES: Array<[header: string, scope: string]> = [
  ['x-api-key', 'credential:api-key'],
  ['x-access-token', 'credential:feed-session'],
  ['authentication', 'credential:store-app'],
  ['x-installer-token', 'credential:installer'],
];

const NOBODY: CallerGrants = { authenticated: false, scopes: new Set() };

/** The caller's grants from its request headers; a JWT that does not verify grants nothing. */
export function callerGrants(header: (name: string) => string | undefined, verifier: TokenVerifier): CallerGrants {
  const scopes = new Set<string>();
  let perms: Perms | undefined;
  const authorization = header('authorization');
  if (typeof authorization === 'string') {
    try {
      const token = bearerToken(authorization);
      if (token) perms = verifier.verify(token).perms;
    } catch {
      perms = undefined; // the subgraph answers the bad token itself, if the operation still reaches one
    }
  }
  for (const [resource, actions] of Object.entries(perms ?? {})) for (const action of Object.keys(actions ?? {})) scopes.add(`${resource}:${action}`);
  for (const [name, scope] of CREDENTIAL_SCOPES) if (header(name)) scopes.add(scope);
  if (!perms && scopes.size === 0) return NOBODY;
  return { authenticated: true, scopes, perms };
}
