import { Directive, Field, ID, ObjectType } from 'type-graphql';

@ObjectType('User')
@Directive('@key(fields: "id")')
export class UserType {
  @Field(() => ID, { description: '`usr-` followed by a UUID v4.' })
  id!: string;

  @Field()
  username!: string;

  @Field(() => String, { nullable: true, description: 'Only shown to the user themself.' })
  email!: string | null;

  @Field()
  createdAt!: Date;
}
