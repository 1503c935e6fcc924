import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Brand } from '../entities';
import { BrandType } from '../types/brand.type';
import type { FeedContext } from './feed-context';

@Resolver()
export class SubscriptionResolver {
  @Mutation(() => BrandType, { description: 'Follows a brand; following it again changes nothing. Needs X-Access-Token.' })
  subscribe(@Arg('brandId', () => ID) brandId: string, @Ctx() { services }: FeedContext): Promise<Brand> {
    return services.subscriptions.subscribe(brandId);
  }

  @Mutation(() => BrandType, { description: 'Stops following a brand; a no-op when not following. Needs X-Access-Token.' })
  unsubscribe(@Arg('brandId', () => ID) brandId: string, @Ctx() { services }: FeedContext): Promise<Brand> {
    return services.subscriptions.unsubscribe(brandId);
  }
}
