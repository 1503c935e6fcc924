import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { UserRecord } from '../services/catalog-records';
import { UserType } from '../types/user.type';
import type { ProductsContext } from './products-context';

@Resolver(() => UserType)
export class UserResolver {
  /** Computed from the two fields `@requires` makes the gateway fetch before calling us. */
  @FieldResolver()
  averageProductsCreatedPerYear(@Root() user: UserRecord, @Ctx() { services }: ProductsContext): number | null {
    return services.catalog.averageProductsCreatedPerYear(user);
  }
}
