import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Brand, FeedUser } from '../entities';
import { BrandType } from '../types/brand.type';
import { FeedUserType } from '../types/feed-user.type';
import type { FeedContext } from './feed-context';

@Resolver(() => FeedUserType)
export class FeedUserResolver {
  @FieldResolver(() => [BrandType], { description: 'The brands the reader follows, in the order they subscribed.' })
  subscriptions(@Root() user: FeedUser, @Ctx() { services }: FeedContext): Promise<Brand[]> {
    return services.subscriptions.brandsOf(user);
  }
}
