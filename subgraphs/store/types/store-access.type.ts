import { Field, Int, ObjectType } from 'type-graphql';
import { StoreType } from './store.type';

@ObjectType('StoreAccess', {
  description: "What the app's token grants in one store: the identity a rate limit keys on (store, app), its scopes, and the store.",
})
export class StoreAccessType {
  @Field(() => Int)
  storeId!: number;

  @Field(() => Int)
  appId!: number;

  @Field(() => Int)
  installationId!: number;

  @Field(() => [String])
  scopes!: string[];

  @Field(() => StoreType)
  store!: StoreType;
}
