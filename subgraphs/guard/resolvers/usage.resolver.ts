import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { IngestResult } from '../services/usage/usage-ingest.service';
import type { TrackStatus } from '../services/usage/usage-track.service';
import type { WorkflowUsage } from '../services/usage/usage-report.service';
import { IngestResultType } from '../types/ingest-result.type';
import { TrackUsageInput } from '../types/track.input';
import { UsageEventInput } from '../types/usage-event.input';
import { WorkflowUsageType } from '../types/workflow-usage.type';
import type { ResolverContext } from './resolver-context';

@Resolver()
export class UsageResolver {
  @Mutation(() => IngestResultType, { description: 'A batch of usage events; a resent event is accepted and counted once.' })
  ingestEvents(@Arg('events', () => [UsageEventInput]) events: UsageEventInput[], @Ctx() { services }: ResolverContext): Promise<IngestResult> {
    return services.ingest.ingest(events);
  }

  @Mutation(() => String, { description: '`ok`, or `idempotent_replay` for a call already tracked with this idempotency key.' })
  trackUsage(@Arg('input', () => TrackUsageInput) input: TrackUsageInput, @Ctx() { services }: ResolverContext): Promise<TrackStatus> {
    return services.track.track(input);
  }

  @Query(() => [WorkflowUsageType], { description: 'Usage per workflow over a window such as 30m, 24h or 7d.' })
  organisationUsage(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('window', { defaultValue: '24h' }) window: string,
    @Ctx() { services }: ResolverContext,
  ): Promise<WorkflowUsage[]> {
    return services.usage.byWorkflow(organisationId, window);
  }
}
