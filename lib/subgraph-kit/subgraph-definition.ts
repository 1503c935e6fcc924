import type { RequestIdentity } from '../auth';
import type { Config, SubgraphName } from '../config';
import type { DomainDatabaseSpec, DomainOrm, SqlEntityManager } from '../db';
import type { Logger } from '../logging';
import type { FederatedSchemaOptions } from './federated-schema';

/** What a subgraph process has for its whole life. */
export interface SubgraphRuntime {
  config: Config;
  logger: Logger;
  /** Present when the subgraph owns data. */
  orm?: DomainOrm;
  /** Registers work to run at shutdown, after the server stopped taking requests, before the database closes. */
  onStop(hook: () => Promise<void> | void): void;
}

/** A request's ways to its database. */
export interface RequestDatabase {
  /** The request's own EntityManager (identity map, changes, transactions), forked when first asked for. */
  readonly em: SqlEntityManager;
  /**
   * For reads that load no entities (PreparedRead): the request's own EntityManager once it has
   * one (so such a read sees its transaction), else the process's, which a read without entities
   * may use as it is: a request that only reads this way forks nothing (a fork costs 10-15 µs).
   */
  readonly reader: SqlEntityManager;
}

/** What one request brings to its services. */
export interface RequestScope extends RequestDatabase {
  requestId: string;
  logger: Logger;
  identity: RequestIdentity;
  /** The caller's address as vouched for by our own processes, else the socket's. */
  clientAddress: string;
  headers: Readonly<Record<string, string | undefined>>;
  /**
   * A subscription the gateway sends again after its connection to this subgraph dropped: the
   * subscriber may have missed messages meanwhile, and should be brought up to date. Always
   * false for an HTTP request.
   */
  resumedSubscription: boolean;
}

/** The context every resolver of a subgraph receives. */
export interface SubgraphContext<Services> extends RequestScope {
  services: Services;
}

/**
 * Everything the kit needs to run a subgraph; its `main.ts` only hands this to `runSubgraph`.
 * `Name` is one of our domains, whose port comes from the configuration; a subgraph outside them
 * (a test fixture) is given its port when it is run.
 */
export interface SubgraphDefinition<Services, Name extends string = SubgraphName> {
  /** Its name in the supergraph. */
  name: Name;
  schema: FederatedSchemaOptions;
  database?: DomainDatabaseSpec;
  /** Called once at start: builds long-lived collaborators and says how a request gets its services. */
  prepare(runtime: SubgraphRuntime): Promise<(scope: RequestScope) => Services> | ((scope: RequestScope) => Services);
}
