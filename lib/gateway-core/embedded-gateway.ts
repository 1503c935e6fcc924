import type { Config } from '../config';
import { AppError } from '../errors';
import { GatewayOperationError, type GraphExecutor, type Operation } from '../graph-client';
import { REQUEST_ID_HEADER, type Logger } from '../logging';
import type { ReadinessCheck } from '../operations';
import { ForwardedData } from './forwarding/forwarded-data';
import type { GatewayContext } from './gateway-context';
import { createGatewayCore, type GatewayCore } from './gateway-core';
import { sentVariables } from './sent-variables';

/**
 * The gateway's executor in the process of its caller (the shim): the same supergraph, subgraph
 * sources, Apollo plugins (metrics, operation resolution, 429s), error formatting and operation
 * limits as the gateway process, so each route is still one operation planned by @apollo/gateway,
 * without the HTTP hop to the gateway and back. The context is made from the headers exactly as
 * the gateway makes it from a request's, so the subgraphs are told the same about the caller.
 */
export class EmbeddedGateway implements GraphExecutor {
  private constructor(private readonly core: GatewayCore) {}

  static async start(config: Config, logger: Logger): Promise<EmbeddedGateway> {
    const core = createGatewayCore(config, logger);
    await core.start();
    return new EmbeddedGateway(core);
  }

  async run<Result, Variables>(operation: Operation<Result, Variables>, variables: Variables, headers: Record<string, string>): Promise<Result> {
    const sent = sentVariables(variables);
    // Our own operations are in the build's manifest: their limits are measured once.
    const trusted = this.core.trustedDocuments()?.findText(operation.query);
    const refused = trusted ? this.core.limits.checkTrusted(trusted, sent) : this.core.limits.check(operation.query, sent);
    if (refused) throw new GatewayOperationError(refused.toJSON());
    // A route needs its whole result: a field its caller may not reach fails it, before any fetch.
    const unauthorized = this.core.authorizer().authorize(operation.query, operation.name, (name) => headers[name]);
    if (unauthorized) throw new GatewayOperationError(unauthorized.anonymous ? new AppError('UNAUTHENTICATED').toJSON() : unauthorized.errors[0]);
    // The gateway's response cache, shared with the gateway processes when it is in Redis.
    const cache = this.core.responseCache();
    const plan = cache?.plan(operation.query, operation.name, sent, (name) => headers[name]);
    const hit = cache && plan?.kind === 'read' ? await cache.lookup(plan) : undefined;
    if (hit) return (JSON.parse(hit.body) as { data: Result }).data;
    // An operation one subgraph answers whole comes back as that subgraph's text, parsed here once
    // (forwarding/), instead of shaped by the executor from the parsed answer.
    const context: GatewayContext = { ...this.core.contextOf(headers, headers[REQUEST_ID_HEADER] ?? '', undefined), answersAsText: true };
    const response = await this.core.apollo.executeOperation({ query: operation.query, operationName: operation.name, variables: sent }, { contextValue: context });
    if (response.body.kind !== 'single') throw new AppError('BAD_GATEWAY', 'The gateway answered an operation incrementally');
    const { data: answered, errors } = response.body.singleResult;
    const data = answered instanceof ForwardedData ? (answered.toJSON() as Record<string, unknown>) : answered;
    if (cache && plan?.kind === 'write' && data) await cache.invalidate(plan, { data });
    if (errors?.length) throw new GatewayOperationError(errors[0]);
    if (cache && plan?.kind === 'read') await cache.keep(plan, { data }, JSON.stringify({ data }));
    return data as Result;
  }

  /** `/readyz`'s `supergraph` check: down while a newer supergraph is refused (the shim follows it as the gateway does). */
  supergraphCheck(): ReadinessCheck {
    return this.core.supergraph.readinessCheck();
  }

  close(): Promise<void> {
    return this.core.stop();
  }
}
