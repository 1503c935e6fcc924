import type { SigningKey } from './signing-keys';
import { JWT_ALGORITHM } from './signing-keys';

export interface PublicJwk {
  kty: string;
  n: string;
  e: string;
  kid: string;
  alg: typeof JWT_ALGORITHM;
  use: 'sig';
}

/** The JSON Web Key Set that lets any standard library verify our tokens. */
export function publicJwks(keys: SigningKey[]): { keys: PublicJwk[] } {
  return {
    keys: keys.map(({ kid, publicKey }) => {
      const { kty, n, e } = publicKey.export({ format: 'jwk' });
      return { kty: kty!, n: n!, e: e!, kid, alg: JWT_ALGORITHM, use: 'sig' };
    }),
  };
}
