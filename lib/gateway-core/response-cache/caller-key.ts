import { createHash } from 'node:crypto';
import { bearerToken, type TokenVerifier } from '../../auth';

/** The credentials other than our JWT, which their own subgraph verifies. */
const SUBGRAPH_VERIFIED_CREDENTIALS = ['x-access-token', 'x-api-key', 'authentication', 'x-installer-token', 'x-generator-token'] as const;

/**
 * Whom a PRIVATE entry belongs to, as a SHA-256 (no credential is ever part of a key): a JWT's
 * verified issuer, subject and token id, with each other credential presented, which its subgraph
 * verifies (an answer to a credential it refuses is an error, which is never kept). Undefined for an anonymous
 * caller or a JWT that does not verify: nothing private is kept for them.
 */
export function callerKey(header: (name: string) => string | undefined, verifier: TokenVerifier): string | undefined {
  const parts: string[] = [];
  const authorization = header('authorization');
  if (authorization !== undefined) {
    try {
      const token = bearerToken(authorization);
      if (!token) return undefined;
      const claims = verifier.verify(token);
      parts.push(`jwt\n${claims.iss}\n${claims.sub}\n${claims.jti}`);
    } catch {
      return undefined;
    }
  }
  // Every credential presented: an answer may depend on any of them.
  for (const name of SUBGRAPH_VERIFIED_CREDENTIALS) {
    const value = header(name);
    if (value) parts.push(`${name}\n${value}`);
  }
  return parts.length > 0 ? createHash('sha256').update(parts.join('\n\n')).digest('base64url') : undefined;
}
