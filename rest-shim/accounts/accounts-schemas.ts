import { Type } from '@sinclair/typebox';
import { SafeInteger } from '../kit/wire-schemas';

/** The accounts API's wire shapes (specs/accounts-and-feed.md, service A), as its routes declare them. */

export const LoginBody = Type.Object({ username: Type.String(), password: Type.String() });
export const EmailSignUpBody = Type.Object({ username: Type.String(), email: Type.String(), password: Type.String() });
export const CodeHostSignUpBody = Type.Object({
  username: Type.String(),
  codehost_id: SafeInteger({ description: 'The code-host account id' }),
  access_token: Type.String({ description: 'A code-host OAuth access token proving the identity' }),
});
/** The legacy alias names the code-host id `github_id`. */
export const GitHubSignUpBody = Type.Object({
  username: Type.String(),
  github_id: SafeInteger({ description: 'The GitHub account id' }),
  access_token: Type.String({ description: 'A GitHub OAuth access token proving the identity' }),
});

export const Token = Type.Object({ token: Type.String() }, { description: 'A signed access token (RS256 JWT)' });
export const Session = Type.Object({ token: Type.String(), user_id: Type.String(), username: Type.String() }, { description: 'The new user, signed in' });
export const Payload = Type.Object({ payload: Type.Record(Type.String(), Type.Unknown()) }, { description: 'The verified claims of the caller’s token' });
export const Jwks = Type.Object(
  {
    keys: Type.Array(
      Type.Object({ kty: Type.String(), n: Type.String(), e: Type.String(), kid: Type.String(), alg: Type.String(), use: Type.String() }),
    ),
  },
  { description: 'The public keys that verify access tokens (RFC 7517)' },
);

/** `{error, field?}`; `request_id` on a 5xx. */
export const AccountsError = Type.Object({ error: Type.String(), field: Type.Optional(Type.String()), request_id: Type.Optional(Type.String()) });

export const bearerAuth = { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An accounts access token (`Authorization: Bearer <JWT>`)' } };
