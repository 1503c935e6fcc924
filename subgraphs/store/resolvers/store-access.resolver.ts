import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { badInput } from '../../../lib/errors';
import { isScope } from '../services/apps/scopes';
import type { AppAccess } from '../services/apps/app-access';
import { StoreAccessType } from '../types/store-access.type';
import type { StoreContext } from './store-context';

@Resolver()
export class StoreAccessResolver {
  @Query(() => StoreAccessType, {
    description:
      "What the app's token (`Authentication: bearer <token>`) grants in the store, checked in the store API's order: " +
      'UNAUTHENTICATED (missing, unknown or revoked token, or another store\'s), FORBIDDEN when `scope` is missing ("Missing scope write_products"), ' +
      'PAYMENT_REQUIRED when suspended. After the token is found valid, errors carry `details { storeId appId installationId }`.',
  })
  storeAccess(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('scope', () => String, { nullable: true, description: 'The scope the request needs, if any.' }) scope: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<AppAccess> {
    if (scope != null && !isScope(scope)) throw badInput('scope', `unknown scope "${scope}"`);
    return services.access.require(storeId, scope ?? undefined);
  }
}
