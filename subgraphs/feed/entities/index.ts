import { Brand } from './brand.entity';
import { FeedUser } from './feed-user.entity';
import { Subscription } from './subscription.entity';

export { Brand, FeedUser, Subscription };
export type { BrandFields } from './brand.entity';
export { isRecordId, newRecordId } from './record-id';

export const feedEntities = [FeedUser, Brand, Subscription];
