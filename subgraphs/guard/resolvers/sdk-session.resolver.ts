import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { KeyCaller } from '../services/callers/key-authenticator';
import { SERVER_CAPABILITIES } from '../services/sessions/capabilities';
import { toCents } from '../services/shared/workflow-snapshot';
import { ApiKeyHolderType } from '../types/api-key-holder.type';
import { CapabilitiesType } from '../types/capabilities.type';
import { ChainHeartbeatType } from '../types/chain-heartbeat.type';
import { ExecutionCancellationType } from '../types/execution-cancellation.type';
import { ModelPriceType } from '../types/model-price.type';
import { WorkflowStatusType } from '../types/workflow-status.type';
import type { ResolverContext } from './resolver-context';

/** The SDK's session calls: capabilities, key verification, heartbeats, cancellation, status. */
@Resolver()
export class SdkSessionResolver {
  @Query(() => CapabilitiesType, { description: 'No credentials needed.' })
  guardCapabilities(): CapabilitiesType {
    return SERVER_CAPABILITIES;
  }

  @Query(() => [ModelPriceType], { description: 'The price table that turns tokens into cost.' })
  modelPrices(@Ctx() { services }: ResolverContext): ModelPriceType[] {
    return services.prices.entries().map(({ model, price }) => ({ model, inputCentsPer1k: price.input, outputCentsPer1k: price.output }));
  }

  @Mutation(() => ApiKeyHolderType, { description: 'Whose key this is; the key travels in the argument.' })
  async verifyApiKey(@Arg('apiKey') apiKey: string, @Ctx() { services }: ResolverContext): Promise<ApiKeyHolderType> {
    const holder: KeyCaller = await services.session.verify(apiKey);
    return { organisation: { id: holder.organisationId }, workflowId: holder.workflowId, keyVersion: holder.version, secretKey: holder.signingSecret };
  }

  @Mutation(() => ChainHeartbeatType)
  heartbeat(@Arg('chainId') chainId: string, @Ctx() { services }: ResolverContext): Promise<ChainHeartbeatType> {
    return services.session.heartbeat(chainId);
  }

  @Mutation(() => ExecutionCancellationType, { description: "Releases the execution's reservations; its later gate calls are refused." })
  async cancelExecution(
    @Arg('executionId') executionId: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() { services }: ResolverContext,
  ): Promise<ExecutionCancellationType> {
    const cancellation = await services.executions.cancel(executionId, reason);
    return { executionId: cancellation.executionId, cancelledAt: cancellation.createdAt };
  }

  @Query(() => WorkflowStatusType, { description: 'A workflow of the API key’s organisation.' })
  async workflowStatus(@Arg('workflowId', () => ID) workflowId: string, @Ctx() { services }: ResolverContext): Promise<WorkflowStatusType> {
    const { workflow, ratePerMinute } = await services.session.status(workflowId);
    const { state, version, reason, changedAt } = workflow;
    return { workflowId: workflow.id, state, version, reason, updatedAt: changedAt, currentCostCents: toCents(workflow.spentMicrocents), ratePerMinute };
  }
}
