import type { Config } from '../../lib/config';
import type { GatewayCore } from '../../lib/gateway-core/gateway-core';
import type { Logger } from '../../lib/logging';
import { ApqStore } from '../persisted/apq-store';
import { DocumentResolver } from '../persisted/document-resolution';
import type { MultipartSubscriptions } from '../subscriptions/multipart-answers';
import { GatewayRequests } from './gateway-requests';
import { SharedOperations } from './shared-operations';

export interface OpenedRequests {
  requests: GatewayRequests;
  /** Closes the persisted-query store; after the core has stopped. */
  close(): Promise<void>;
}

/**
 * The gateway process's request path in front of the core's Apollo, once the core has started:
 * batches, persisted documents (automatic persisted queries, shared over Redis, beside the trusted
 * manifest), the core's limits, authorization and response cache, and subscriptions sent over HTTP.
 * The shim embeds the core without it: it runs its own operations, never a caller's document.
 */
export async function openGatewayRequests(core: GatewayCore, config: Config, logger: Logger, subscriptions: MultipartSubscriptions): Promise<OpenedRequests> {
  const features = config.gateway.features;
  const apq = await ApqStore.open(config, logger);
  const resolver = new DocumentResolver(features.trustedDocuments.mode, core.trustedDocuments(), apq, logger);
  const requests = new GatewayRequests({
    apollo: core.apollo,
    resolver,
    limits: core.limits,
    authorizer: core.authorizer(),
    maxBatch: features.maxBatch,
    cache: core.responseCache(),
    // As forwarding (gateway-core): not while tracing is on, where each operation's spans are its trace.
    sharing: features.shareOperations === 'on' && !config.tracing.endpoint ? new SharedOperations() : undefined,
    logger,
    subscriptions,
  });
  return { requests, close: () => apq.close() };
}
