import { Arg, Ctx, Directive, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { CONTROL_WORKFLOWS, ORGANISATION_ADMIN } from './authorization';
import type { ApiKey } from '../entities';
import type { IssuedApiKey } from '../services/callers/api-key.service';
import { ApiKeyType } from '../types/api-key.type';
import { IssuedApiKeyType } from '../types/issued-api-key.type';
import type { ResolverContext } from './resolver-context';

@Resolver()
export class ApiKeyResolver {
  @Directive(CONTROL_WORKFLOWS)
  @Directive(ORGANISATION_ADMIN)
  @Query(() => [ApiKeyType], { description: 'Needs workflow.update for the organisation.' })
  apiKeys(@Arg('organisationId', () => ID) organisationId: string, @Ctx() { services }: ResolverContext): Promise<ApiKey[]> {
    return services.apiKeys.listOf(organisationId);
  }

  @Mutation(() => IssuedApiKeyType, { description: 'Issues a key (optionally bound to a workflow, optionally signing); the key and secret are shown once.' })
  async createApiKey(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('workflowId', () => ID, { nullable: true }) workflowId: string | null,
    @Arg('signing', { defaultValue: false }) signing: boolean,
    @Arg('signingRequired', { defaultValue: false }) signingRequired: boolean,
    @Ctx() { services }: ResolverContext,
  ): Promise<IssuedApiKeyType> {
    const issued: IssuedApiKey = await services.apiKeys.create(organisationId, { workflowId, signing, signingRequired });
    return { id: issued.apiKey.id, key: issued.key, secret: issued.secret, prefix: issued.apiKey.prefix, apiKey: issued.apiKey };
  }

  @Mutation(() => ApiKeyType, { description: 'Revoked keys are refused on every instance at once.' })
  revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() { services }: ResolverContext): Promise<ApiKey> {
    return services.apiKeys.revoke(id);
  }

  @Mutation(() => ApiKeyType, { description: "Requests per minute for this key; null restores the deployment's default." })
  setApiKeyRateLimit(
    @Arg('id', () => ID) id: string,
    @Arg('requestsPerMinute', () => Int, { nullable: true }) requestsPerMinute: number | null,
    @Ctx() { services }: ResolverContext,
  ): Promise<ApiKey> {
    return services.apiKeys.setRateLimit(id, requestsPerMinute);
  }
}
