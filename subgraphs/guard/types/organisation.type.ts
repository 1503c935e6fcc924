import { Directive, Field, ID, ObjectType } from 'type-graphql';

/** The accounts subgraph's Organisation, which the guard extends with its workflows. */
@ObjectType('Organisation')
@Directive('@key(fields: "id")')
export class OrganisationType {
  @Field(() => ID)
  id!: string;
}
