import { RequestIdentity, type InternalToken, type TokenVerifier } from '../auth';
import type { DomainOrm } from '../db';
import type { Logger } from '../logging';
import { clientAddressOf, type HeaderMap } from '../net';
import type { RequestScope } from './subgraph-definition';

/** What an HTTP request or a subscription brings, before the kit turns it into a scope. */
export interface ScopeSource {
  requestId: string;
  logger: Logger;
  headers: HeaderMap;
  socketAddress: string | undefined;
  /** See `RequestScope.resumedSubscription`. */
  resumedSubscription?: boolean;
}

/** One way to build a request's scope, shared by HTTP operations and subscriptions. */
export function scopeFactory(orm: DomainOrm | undefined, verifier: TokenVerifier, internalToken: InternalToken) {
  return ({ requestId, logger, headers, socketAddress, resumedSubscription = false }: ScopeSource): RequestScope => {
    let em: RequestScope['em'] | undefined;
    return {
      requestId,
      logger,
      // Forked on first use: many requests (a warm gate call) never touch the database.
      get em(): RequestScope['em'] {
        if (!orm) return undefined as never;
        return (em ??= orm.em.fork());
      },
      identity: new RequestIdentity(headers.authorization, verifier),
      clientAddress: clientAddressOf(headers, socketAddress, internalToken),
      headers,
      resumedSubscription,
    };
  };
}
