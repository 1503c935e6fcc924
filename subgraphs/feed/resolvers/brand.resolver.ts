import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Mutation, Query, Resolver } from 'type-graphql';
import { selectedProperties } from '../../../lib/subgraph-kit';
import type { Brand } from '../entities';
import type { BrandRecord } from '../services/brand-reads';
import { BrandType } from '../types/brand.type';
import { CreateBrandInput } from '../types/create-brand.input';
import { UpdateBrandInput } from '../types/update-brand.input';
import type { FeedContext } from './feed-context';

/** Reading brands needs no token; managing them needs a feed admin's. */
@Resolver(() => BrandType)
export class BrandResolver {
  @Query(() => [BrandType], { description: 'Available brands; `featured` narrows to the featured ones (or the others).' })
  brands(
    @Arg('featured', () => Boolean, { nullable: true }) featured: boolean | null,
    @Ctx() { services }: FeedContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<BrandRecord[]> {
    return services.brands.list(featured, selectedProperties(info, BrandType));
  }

  @Query(() => BrandType, { description: 'One brand; NOT_FOUND for an unknown or malformed id.' })
  brand(@Arg('id', () => ID) id: string, @Ctx() { services }: FeedContext): Promise<Brand> {
    return services.brands.get(id);
  }

  @Mutation(() => BrandType, { description: 'Feed admins only.' })
  createBrand(@Arg('input') input: CreateBrandInput, @Ctx() { services }: FeedContext): Promise<Brand> {
    return services.brands.create(input);
  }

  @Mutation(() => BrandType, { description: 'Feed admins only.' })
  updateBrand(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateBrandInput, @Ctx() { services }: FeedContext): Promise<Brand> {
    return services.brands.update(id, input);
  }

  @Mutation(() => Boolean, { description: 'Feed admins only. Subscriptions to the brand go with it.' })
  deleteBrand(@Arg('id', () => ID) id: string, @Ctx() { services }: FeedContext): Promise<boolean> {
    return services.brands.delete(id);
  }
}
