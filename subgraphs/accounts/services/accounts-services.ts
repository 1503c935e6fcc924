import { LoginThrottle, loadSigningKey, publicJwks, TokenIssuer, type PublicJwk } from '../../../lib/auth';
import { openAttemptWindows } from '../../../lib/rate-limit';
import type { RequestScope, SubgraphRuntime } from '../../../lib/subgraph-kit';
import { CodehostClient } from './codehost-client';
import { OrganisationService } from './organisation.service';
import { SessionService } from './session.service';
import { TokenService } from './token.service';
import { UserService } from './user.service';

export interface AccountsServices {
  users: UserService;
  sessions: SessionService;
  organisations: OrganisationService;
  jwks: { keys: PublicJwk[] };
}

/** Builds the process-wide collaborators once; each request gets services over its own EntityManager. */
export async function prepareAccountsServices({ config, logger, onStop }: SubgraphRuntime): Promise<(scope: RequestScope) => AccountsServices> {
  const signingKey = loadSigningKey(config);
  const issuer = new TokenIssuer(signingKey, config.jwt.issuer, config.jwt.ttlSeconds);
  const codehost = new CodehostClient(config.codehostApiUrl);
  const jwks = publicJwks([signingKey]);
  const attempts = await openAttemptWindows(config.redisUrl, logger, config.redisNamespace);
  onStop(() => attempts.close());
  const logins = new LoginThrottle(attempts, config.login, 'accounts');
  // The scope, not its `em`: reading `em` forks the request's EntityManager, which a request
  // that only reads (an organisation by id) never needs (RequestDatabase.reader).
  return (scope) => {
    const users = new UserService(scope, codehost);
    const tokens = new TokenService(scope, issuer);
    return {
      users,
      sessions: new SessionService(users, tokens, scope.identity, logins, scope.clientAddress),
      organisations: new OrganisationService(scope, scope.identity, tokens),
      jwks,
    };
  };
}
