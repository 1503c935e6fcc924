import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { IngestResult } from '../services/usage-ingest.service';
import type { TrackStatus } from '../services/usage-track.service';
import type { WorkflowUsage } from '../services/usage-report.service';
import { IngestResultType } from '../types/ingest-result.type';
import { TrackUsageInput } from '../types/track.input';
import { UsageEventInput } from '../types/usage-event.input';
import { WorkflowUsageType } from '../types/workflow-usage.type';
import type { GuardContext } from './guard-context';

@Resolver()
export class UsageResolver {
  @Mutation(() => IngestResultType, { description: 'A batch of usage events; a resent event is accepted and counted once.' })
  ingestEvents(@Arg('events', () => [UsageEventInput]) events: UsageEventInput[], @Ctx() { services }: GuardContext): Promise<IngestResult> {
    return services.ingest.ingest(events);
  }

  @Mutation(() => String, { description: '`ok`, or `idempotent_replay` for a call already tracked with this idempotency key.' })
  trackUsage(@Arg('input', () => TrackUsageInput) input: TrackUsageInput, @Ctx() { services }: GuardContext): Promise<TrackStatus> {
    return services.track.track(input);
  }

  @Query(() => [WorkflowUsageType], { description: 'Usage per workflow over a window such as 30m, 24h or 7d.' })
  organisationUsage(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('window', { defaultValue: '24h' }) window: string,
    @Ctx() { services }: GuardContext,
  ): Promise<WorkflowUsage[]> {
    return services.usage.byWorkflow(organisationId, window);
  }
}
