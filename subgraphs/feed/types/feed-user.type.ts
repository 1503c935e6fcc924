import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('FeedUser', { description: 'A reader of the brand feed.' })
export class FeedUserType {
  @Field(() => ID, { name: '_id', description: '24 lowercase hex characters.' })
  id!: string;

  @Field()
  email!: string;

  @Field()
  name!: string;

  @Field({ description: 'Admins manage brands; set from FEED_ADMIN_EMAILS.' })
  isAdmin!: boolean;

  @Field()
  createdAt!: Date;
}
