import { loadConfig } from '../../lib/config';
import { openDomainDatabase, type DomainDatabaseSpec, type DomainOrm } from '../../lib/db';
import { createLogger } from '../../lib/logging';
import { accountsSubgraph } from '../../subgraphs/accounts/accounts.subgraph';
import { User } from '../../subgraphs/accounts/entities';
import { Subscription } from '../../subgraphs/feed/entities';
import { feedDatabase } from '../../subgraphs/feed/feed-database';
import { UsageEvent } from '../../subgraphs/guard/entities';
import { guardDatabase } from '../../subgraphs/guard/guard-database';
import { Product } from '../../subgraphs/store/entities';
import { storeSubgraph } from '../../subgraphs/store/store.subgraph';
import { PROTOCOL } from '../support/guard-fixtures';
import { createBrand, feedAdminToken, registerReader, type Reader } from '../support/feed';
import { uniqueName } from '../support/http';
import { acknowledged, type LoadCaller, type LoadOutcome, type LoadRequest } from '../support/steady-load';
import { installedApp, type InstalledApp } from '../support/store';
import type { StackTarget } from '../support/targets';
import { newTenant, type Tenant } from '../support/tenants';

/** What the load writes with: a guard tenant, feed readers and brands, a store with an app installed. */
export interface WriteFixtures {
  tenant: Tenant;
  readers: Reader[];
  brandIds: string[];
  store: InstalledApp;
}

/** Readers × brands: the feed subscriptions the load can make, each once. */
const READERS = 16;
const BRANDS = 25;

export async function prepareWrites(target: StackTarget): Promise<WriteFixtures> {
  const tenant = await newTenant(target, { requestsPerMinute: 1_000_000, budgetCents: 100_000_000 });
  const admin = await feedAdminToken(target);
  const brandIds: string[] = [];
  for (let i = 0; i < BRANDS; i++) brandIds.push((await createBrand(target, admin))._id);
  const readers: Reader[] = [];
  for (let i = 0; i < READERS; i++) readers.push(await registerReader(target));
  const store = await installedApp(target, ['read_products', 'write_products']);
  return { tenant, readers, brandIds, store };
}

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/**
 * The load's callers, through the shim (and the web process) behind HAProxy: usage events, gate
 * calls, feed subscriptions, store product creates and sign-ups, plus the installer's status and
 * the console page, so that every tier serves while its replicas are killed.
 */
export function replicaLoadCallers(fixtures: WriteFixtures, target: StackTarget): LoadCaller[] {
  const { tenant, store } = fixtures;
  const sdk = { 'x-api-key': tenant.key, ...PROTOCOL };
  const event: LoadCaller = () => {
    const id = uniqueName('ev');
    const request = json({ events: [{ event_id: id, type: 'llm_call', workflow_id: tenant.workflowId, model: 'gpt-4o-mini', input_tokens: 10, output_tokens: 5, tokens: 15 }] });
    return { kind: 'event', method: 'POST', url: `${target.shimUrl}/api/v1/track/batch`, ...request, headers: { ...request.headers, ...sdk }, stored: (body) => (body.accepted_event_ids.includes(id) ? id : undefined) };
  };
  const gate: LoadCaller = () => {
    const request = json({ tool: 'search', model: 'gpt-4o-mini', estimated_tokens: 100 });
    return { kind: 'gate', method: 'POST', url: `${target.shimUrl}/api/v1/gate`, ...request, headers: { ...request.headers, ...sdk } };
  };
  const pairs = fixtures.readers.flatMap((reader) => fixtures.brandIds.map((brandId) => ({ reader, brandId })));
  const subscription: LoadCaller = () => {
    const pair = pairs.shift();
    if (!pair) return undefined;
    const url = `${target.shimUrl}/api/subscribe/${pair.brandId}?access_token=${encodeURIComponent(pair.reader.token)}`;
    return { kind: 'subscription', method: 'POST', url, stored: () => `${pair.reader._id}:${pair.brandId}` };
  };
  const product: LoadCaller = () => {
    const request = json({ name: uniqueName('product') });
    const headers = { ...request.headers, authentication: `bearer ${store.token}`, 'user-agent': 'Replica test (ops@example.com)' };
    return { kind: 'product', method: 'POST', url: `${target.shimUrl}/v1/${store.storeId}/products`, ...request, headers, stored: (body) => String(body.id) };
  };
  const user: LoadCaller = () => {
    const username = uniqueName('ru');
    const request = json({ username, email: `${username}@example.com`, password: 'Secret123' });
    return { kind: 'user', method: 'POST', url: `${target.shimUrl}/user/createFromEmailPassword`, ...request, stored: () => username };
  };
  // The two reads take turns on one caller: a page answered from memory would otherwise outrun every write.
  const reads: LoadRequest[] = [
    { kind: 'installer status', method: 'GET', url: `${target.shimUrl}/backend/api/installer/status` },
    { kind: 'console', method: 'GET', url: `${target.webUrl}/console` },
  ];
  let turn = 0;
  const read: LoadCaller = () => reads[turn++ % reads.length];
  return [
    event,
    event,
    event,
    gate,
    gate,
    subscription,
    subscription,
    product,
    product,
    user,
    read,
  ];
}

async function rowKeys(env: Record<string, string>, spec: DomainDatabaseSpec, keys: (orm: DomainOrm) => Promise<string[]>): Promise<Set<string>> {
  const orm = await openDomainDatabase(spec, loadConfig(env), createLogger('test', 'silent'));
  try {
    return new Set(await keys(orm));
  } finally {
    await orm.close();
  }
}

/** The acknowledged writes among `outcomes` whose rows are not in the database (read straight from each subgraph's schema). */
export async function missingWrites(env: Record<string, string>, fixtures: WriteFixtures, outcomes: LoadOutcome[]): Promise<LoadOutcome[]> {
  const readerIds = fixtures.readers.map((reader) => reader._id);
  const stored: Record<string, Set<string>> = {
    event: await rowKeys(env, guardDatabase, async (orm) =>
      (await orm.em.fork().find(UsageEvent, { organisationId: fixtures.tenant.organisationId }, { fields: ['eventId'] })).map((row) => row.eventId),
    ),
    subscription: await rowKeys(env, feedDatabase, async (orm) =>
      (await orm.em.fork().find(Subscription, { user: { $in: readerIds } })).map((row) => `${row.user.id}:${row.brand.id}`),
    ),
    product: await rowKeys(env, storeSubgraph.database!, async (orm) =>
      (await orm.em.fork().find(Product, { storeId: fixtures.store.storeId }, { fields: ['id'] })).map((row) => String(row.id)),
    ),
    user: await rowKeys(env, accountsSubgraph.database!, async (orm) => {
      const usernames = outcomes.filter((outcome) => outcome.request.kind === 'user' && outcome.storedKey).map((outcome) => outcome.storedKey!);
      return (await orm.em.fork().find(User, { usernameKey: { $in: usernames } }, { fields: ['usernameKey'] })).map((row) => row.usernameKey);
    }),
  };
  return outcomes.filter((outcome) => acknowledged(outcome) && outcome.request.stored && !stored[outcome.request.kind].has(outcome.storedKey!));
}

/**
 * A sign-up sent again after its answer was lost, refused because the first one went through
 * (409, the username is taken): as good as acknowledged, and its row must be there.
 */
export function doneBefore(retry: LoadOutcome): LoadOutcome | undefined {
  if (retry.request.kind !== 'user' || retry.status !== 409) return undefined;
  return { ...retry, status: 200, storedKey: retry.request.stored!(undefined) };
}

/** One failed request in a line: its kind, its route and how it failed, for the test's report. */
export function describeFailure(outcome: LoadOutcome): string {
  const { kind, method, url } = outcome.request;
  const answer = outcome.error ?? `${outcome.status} ${outcome.answer ?? ''}`.trim();
  return `${kind}: ${method} ${new URL(url).pathname} → ${answer}`;
}
