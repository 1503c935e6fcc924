import type { EntityManager } from '@mikro-orm/core';
import type { RequestIdentity } from '../auth';
import type { Config, SubgraphName } from '../config';
import type { DomainDatabaseSpec, DomainOrm } from '../db';
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

/** What one request brings to its services. */
export interface RequestScope {
  requestId: string;
  logger: Logger;
  em: EntityManager;
  identity: RequestIdentity;
  /** The caller's address as vouched for by our own processes, else the socket's. */
  clientAddress: string;
  headers: Readonly<Record<string, string | undefined>>;
}

/** The context every resolver of a subgraph receives. */
export interface SubgraphContext<Services> extends RequestScope {
  services: Services;
}

/** Everything the kit needs to run a subgraph; its `main.ts` only hands this to `runSubgraph`. */
export interface SubgraphDefinition<Services> {
  name: SubgraphName;
  schema: FederatedSchemaOptions;
  database?: DomainDatabaseSpec;
  /** Called once at start: builds long-lived collaborators and says how a request gets its services. */
  prepare(runtime: SubgraphRuntime): Promise<(scope: RequestScope) => Services> | ((scope: RequestScope) => Services);
}
