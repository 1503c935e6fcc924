import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { DailyModelUsage, WorkflowHourlySpend } from '../services/usage/daily-usage.service';
import { WorkflowHourlySpendType } from '../types/workflow-hourly-spend.type';
import { DailyModelUsageType } from '../types/daily-model-usage.type';
import type { ResolverContext } from './resolver-context';

@Resolver()
export class DailyUsageResolver {
  @Query(() => [DailyModelUsageType], { description: 'Usage per model and per UTC day over the last `days` days (1-90), oldest first.' })
  dailyModelUsage(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('days', () => Int, { defaultValue: 14 }) days: number,
    @Ctx() { services }: ResolverContext,
  ): Promise<DailyModelUsage[]> {
    return services.dailyUsage.perModelPerDay(organisationId, days);
  }

  @Query(() => [WorkflowHourlySpendType], { description: 'Spend of each workflow per UTC hour over the last `hours` hours (1-168), oldest first.' })
  workflowSpend(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('hours', () => Int, { defaultValue: 24 }) hours: number,
    @Ctx() { services }: ResolverContext,
  ): Promise<WorkflowHourlySpend[]> {
    return services.dailyUsage.perWorkflowPerHour(organisationId, hours);
  }
}
