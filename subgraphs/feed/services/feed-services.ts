import { LoginThrottle, purposeSecret, SECRET_PURPOSES } from '../../../lib/auth';
import { openAttemptWindows } from '../../../lib/rate-limit';
import type { RequestScope, SubgraphRuntime } from '../../../lib/subgraph-kit';
import { BrandService } from './brand.service';
import { FeedAccountService } from './feed-account.service';
import { FeedSessionService } from './feed-session.service';
import type { SessionPolicy } from './session-token';
import { SubscriptionService } from './subscription.service';

/** The header that carries a feed session token (the shim maps `?access_token=` to it). */
export const ACCESS_TOKEN_HEADER = 'x-access-token';

export interface FeedServices {
  accounts: FeedAccountService;
  brands: BrandService;
  subscriptions: SubscriptionService;
}

/** Builds the process-wide collaborators once; each request gets services over its own EntityManager. */
export async function prepareFeedServices({ config, logger, onStop }: SubgraphRuntime): Promise<(scope: RequestScope) => FeedServices> {
  const policy: SessionPolicy = {
    secret: purposeSecret(config, SECRET_PURPOSES.feedSession, config.feed.sessionSecret),
    ttlSeconds: config.feed.sessionTtlSeconds,
  };
  const adminEmails = new Set(config.feed.adminEmails);
  const attempts = await openAttemptWindows(config.redisUrl, logger, config.redisNamespace);
  onStop(() => attempts.close());
  const logins = new LoginThrottle(attempts, config.login, 'feed');
  return ({ em, headers, clientAddress }) => {
    const sessions = new FeedSessionService(em, policy, headers[ACCESS_TOKEN_HEADER]);
    return {
      accounts: new FeedAccountService(em, sessions, adminEmails, logins, clientAddress),
      brands: new BrandService(em, sessions),
      subscriptions: new SubscriptionService(em, sessions),
    };
  };
}
