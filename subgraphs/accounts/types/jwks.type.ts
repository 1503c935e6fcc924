import { Field, ObjectType } from 'type-graphql';

@ObjectType('Jwk', { description: 'A public RSA key in JSON Web Key form.' })
export class JwkType {
  @Field() kty!: string;
  @Field() n!: string;
  @Field() e!: string;
  @Field() kid!: string;
  @Field() alg!: string;
  @Field() use!: string;
}

@ObjectType('Jwks', { description: 'The keys that verify Switchyard access tokens.' })
export class JwksType {
  @Field(() => [JwkType])
  keys!: JwkType[];
}
