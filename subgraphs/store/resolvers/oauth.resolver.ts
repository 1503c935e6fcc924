import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { AuthorizationRequest, GrantedCode, IssuedToken } from '../services/apps/oauth.service';
import { AppAuthorizationRequestType, AppAuthorizationType, AppTokenType } from '../types/oauth.type';
import type { StoreContext } from './store-context';

/** Installing apps in stores: OAuth 2 authorization codes and their exchange. */
@Resolver()
export class OAuthResolver {
  @Query(() => AppAuthorizationRequestType, {
    description: 'The authorisation page before the owner decides: the app (name, scopes) and the refusal redirect. No credentials; NOT_FOUND for an unknown app.',
  })
  appAuthorizationRequest(
    @Arg('appId', () => Int) appId: number,
    @Arg('state', () => String, { nullable: true }) state: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<AuthorizationRequest> {
    return services.oauth.request(appId, state);
  }

  @Mutation(() => AppAuthorizationType, { description: "The store's owner grants the app its scopes in the store (accounts JWT)." })
  authorizeApp(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('appId', () => Int) appId: number,
    @Arg('state', () => String, { nullable: true, description: 'Handed back on the redirect URL.' }) state: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<GrantedCode> {
    return services.oauth.authorize(storeId, appId, state);
  }

  @Mutation(() => AppTokenType, {
    description:
      'The app trades a code for the access token (no JWT: the client secret authenticates). Errors: INVALID_REQUEST, UNSUPPORTED_GRANT_TYPE, INVALID_CLIENT, INVALID_GRANT (RFC 6749 §5.2). Authorising again replaces the token.',
  })
  exchangeAppCode(
    @Arg('clientId', () => String, { nullable: true }) clientId: string | null,
    @Arg('clientSecret', () => String, { nullable: true }) clientSecret: string | null,
    @Arg('code', () => String, { nullable: true }) code: string | null,
    @Arg('grantType', () => String, { nullable: true, defaultValue: 'authorization_code' }) grantType: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<IssuedToken> {
    return services.oauth.exchange({ clientId, clientSecret, code, grantType });
  }

  @Mutation(() => Boolean, { description: "The store's owner removes the app: its token stops working at once." })
  uninstallApp(@Arg('storeId', () => Int) storeId: number, @Arg('appId', () => Int) appId: number, @Ctx() { services }: StoreContext): Promise<boolean> {
    return services.oauth.uninstall(storeId, appId);
  }
}
