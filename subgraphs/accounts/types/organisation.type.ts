import { Directive, Field, ID, ObjectType } from 'type-graphql';

@ObjectType('Organisation')
@Directive('@key(fields: "id")')
export class OrganisationType {
  @Field(() => ID, { description: '`org-` followed by a UUID v4.' })
  id!: string;

  @Field()
  name!: string;

  @Field()
  createdAt!: Date;
}
