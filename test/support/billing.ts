import { hashPassword } from '../../lib/auth';
import { loadConfig } from '../../lib/config';
import { isUniqueViolation, openDomainDatabase } from '../../lib/db';
import { createLogger } from '../../lib/logging';
import { User } from '../../subgraphs/accounts/entities';
import { accountsSubgraph } from '../../subgraphs/accounts/accounts.subgraph';
import { BILLING_ADMIN_ID } from './billing-admin';
import { bearer, graphql, postJson, type GraphQLResult } from './http';
import type { StackTarget } from './targets';

const ADMIN = { username: 'billing_admin', email: 'billing-admin@store.test', password: 'BillingSecret1' };

/** The billing admin's JWT, from `POST /auth/login`; the first caller on a stack creates the account. */
export async function billingAdminToken(target: StackTarget): Promise<string> {
  let login = await postJson(`${target.shimUrl}/auth/login`, { username: ADMIN.username, password: ADMIN.password });
  if (login.status === 401) {
    await createAdminAccount(target);
    login = await postJson(`${target.shimUrl}/auth/login`, { username: ADMIN.username, password: ADMIN.password });
  }
  if (login.status !== 200) throw new Error(`billing admin login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.token;
}

async function createAdminAccount(target: StackTarget): Promise<void> {
  const orm = await openDomainDatabase(accountsSubgraph.database!, loadConfig(target.env), createLogger('test', 'silent'));
  try {
    const user = new User({ username: ADMIN.username, email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) });
    user.id = BILLING_ADMIN_ID;
    await orm.em.fork().persistAndFlush(user);
  } catch (error) {
    // Another test file created it at the same moment.
    if (!isUniqueViolation(error)) throw error;
  } finally {
    await orm.close();
  }
}

export const BILLING_FIELDS = 'storeId paidUntil suspended suspendedSince apps { appId installationId monthlyPriceCents paidUntil suspended suspendedSince }';

export function billingState(target: StackTarget, token: string, storeId: number): Promise<GraphQLResult<any>> {
  return graphql(target, `query($s: Int!) { billingState(storeId: $s) { ${BILLING_FIELDS} } }`, { s: storeId }, bearer(token));
}

export function recordStorePayment(target: StackTarget, token: string, storeId: number, paidUntil: string): Promise<GraphQLResult<any>> {
  return graphql(target, `mutation($s: Int!, $p: String!) { recordStorePayment(storeId: $s, paidUntil: $p) { ${BILLING_FIELDS} } }`, { s: storeId, p: paidUntil }, bearer(token));
}

export function recordAppPayment(target: StackTarget, token: string, storeId: number, appId: number, paidUntil: string): Promise<GraphQLResult<any>> {
  return graphql(
    target,
    `mutation($s: Int!, $a: Int!, $p: String!) { recordAppPayment(storeId: $s, appId: $a, paidUntil: $p) { ${BILLING_FIELDS} } }`,
    { s: storeId, a: appId, p: paidUntil },
    bearer(token),
  );
}
