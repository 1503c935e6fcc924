import { Directive, Field, ObjectType } from 'type-graphql';
import { cacheControl } from '../../../lib/subgraph-kit/cache-control';
import { FeedUserType } from './feed-user.type';

/** What register, login and feedMe answer: the session token and whose it is. */
@ObjectType('FeedSession')
export class FeedSessionType {
  @Field({ description: 'Send it as the X-Access-Token header (REST: ?access_token=).' })
  token!: string;

  @Field(() => FeedUserType)
  @Directive(cacheControl({ inheritMaxAge: true }))
  user!: FeedUserType;
}
