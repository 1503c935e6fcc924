import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { DailyModelUsage } from '../services/daily-usage.service';
import { DailyModelUsageType } from '../types/daily-model-usage.type';
import type { GuardContext } from './guard-context';

@Resolver()
export class DailyUsageResolver {
  @Query(() => [DailyModelUsageType], { description: 'Usage per model and per UTC day over the last `days` days (1-90), oldest first.' })
  dailyModelUsage(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('days', () => Int, { defaultValue: 14 }) days: number,
    @Ctx() { services }: GuardContext,
  ): Promise<DailyModelUsage[]> {
    return services.dailyUsage.perModelPerDay(organisationId, days);
  }
}
