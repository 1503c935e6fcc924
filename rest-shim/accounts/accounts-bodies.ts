import type { Static } from '@sinclair/typebox';
import type { AccountsSessionFieldsFragment } from '../generated/graph';
import type { Session } from './accounts-schemas';

/** All the accounts API's mapping between its legacy bodies and the graph's results, in one place. */

export function sessionBody({ token, userId, username }: AccountsSessionFieldsFragment): Static<typeof Session> {
  return { token, user_id: userId, username };
}
