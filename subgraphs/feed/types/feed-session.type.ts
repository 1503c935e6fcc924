import { Field, ObjectType } from 'type-graphql';
import { FeedUserType } from './feed-user.type';

/** What register, login and feedMe answer: the session token and whose it is. */
@ObjectType('FeedSession')
export class FeedSessionType {
  @Field({ description: 'Send it as the X-Access-Token header (REST: ?access_token=).' })
  token!: string;

  @Field(() => FeedUserType)
  user!: FeedUserType;
}
