import { Pool } from 'undici';
import { loadConfig } from '../../lib/config';
import { openDomainDatabase, type DomainDatabaseSpec } from '../../lib/db';
import { createLogger } from '../../lib/logging';
import { User } from '../../subgraphs/accounts/entities';
import { accountsSubgraph } from '../../subgraphs/accounts/accounts.subgraph';
import { UsageEvent } from '../../subgraphs/guard/entities';
import { guardDatabase } from '../../subgraphs/guard/guard-database';
import { uniqueName } from '../support/http';
import { TEST_DIALECTS } from '../support/scratch-domain-database';
import { startStackProcess, type StackProcess } from '../support/stack-process';
import { newTenant, type Tenant } from '../support/tenants';
import { PROTOCOL } from '../support/guard-fixtures';

const IN_FLIGHT = 50;
/** Of the callers, these sign users up (accounts); the others report usage events (guard). */
const SIGNING_UP = 4;
/** Acknowledged writes before the stack is told to stop, so the load is in full swing. */
const ACKNOWLEDGED_BEFORE_SIGNAL = 150;

interface Outcome {
  kind: 'event' | 'user';
  id: string;
  status?: number;
  /** For an event answered 200, why the guard did not accept it (the batch's `rejected`), if it did not. */
  rejected?: string;
  /** The transport error, when no answer came. */
  error?: string;
  /** Sent before the signal and answered (or failed) after it. */
  inFlightAtSignal: boolean;
}

/** What `/track/batch` answers (the part this spec reads). */
interface BatchAnswer {
  accepted_event_ids: string[];
  rejected: unknown[];
}

/** A write through the shim: a one-event `/track/batch`, or a sign-up. */
function writeRequest(kind: Outcome['kind'], id: string, tenant: Tenant) {
  if (kind === 'user') {
    return { path: '/user/createFromEmailPassword', body: { username: id, email: `${id}@example.com`, password: 'Secret123' }, headers: {} };
  }
  const event = { event_id: id, type: 'llm_call', workflow_id: tenant.workflowId, model: 'gpt-4o-mini', input_tokens: 10, output_tokens: 5, tokens: 15 };
  return { path: '/api/v1/track/batch', body: { events: [event] }, headers: { 'x-api-key': tenant.key, ...PROTOCOL } };
}

/** How many of `ids` a domain's database holds, read after the stack has stopped. */
async function storedRows(env: NodeJS.ProcessEnv, spec: DomainDatabaseSpec, count: (orm: Awaited<ReturnType<typeof openDomainDatabase>>) => Promise<string[]>): Promise<Set<string>> {
  const orm = await openDomainDatabase(spec, loadConfig(env), createLogger('test', 'silent'));
  try {
    return new Set(await count(orm));
  } finally {
    await orm.close();
  }
}

describe.each(TEST_DIALECTS)('hardening: SIGTERM under load fails no accepted request [%s]', (dialect) => {
  let stack: StackProcess;
  let tenant: Tenant;

  beforeAll(async () => {
    stack = await startStackProcess(dialect, { NODE_ENV: 'production' });
    tenant = await newTenant(stack.target, { requestsPerMinute: 1_000_000, budgetCents: 1_000_000 });
  }, 300_000);

  afterAll(async () => {
    await stack?.cleanUp();
  });

  it(`answers every request it accepted while it stops, with ${IN_FLIGHT} writes in flight, and keeps every acknowledged row`, async () => {
    const pool = new Pool(stack.target.shimUrl, { connections: IN_FLIGHT, keepAliveTimeout: 30_000 });
    const outcomes: Outcome[] = [];
    const pending = new Set<Outcome>();
    let acknowledged = 0;
    let reachedLoad: () => void;
    const loaded = new Promise<void>((resolve) => (reachedLoad = resolve));

    const caller = async (kind: Outcome['kind']) => {
      for (;;) {
        const outcome: Outcome = { kind, id: uniqueName(kind === 'user' ? 'sd' : 'ev'), inFlightAtSignal: false };
        const { path, body, headers } = writeRequest(kind, outcome.id, tenant);
        outcomes.push(outcome);
        pending.add(outcome);
        try {
          const response = await pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
          const answer = kind === 'event' && response.statusCode === 200 ? ((await response.body.json()) as BatchAnswer) : await response.body.dump();
          outcome.status = response.statusCode;
          // A batch's 200 acknowledges only the events it lists as accepted.
          if (answer && !answer.accepted_event_ids.includes(outcome.id)) outcome.rejected = JSON.stringify(answer.rejected);
        } catch (error) {
          outcome.error = (error as { code?: string }).code ?? String(error);
        }
        pending.delete(outcome);
        if (outcome.status === 200 && !outcome.rejected && ++acknowledged === ACKNOWLEDGED_BEFORE_SIGNAL) reachedLoad();
        // The shim no longer takes connections: this caller is done.
        if (outcome.error) return;
      }
    };
    const callers = Array.from({ length: IN_FLIGHT }, (_, i) => caller(i < SIGNING_UP ? 'user' : 'event'));
    // Every caller stopping on an error before the load is reached would leave nothing to signal under: say so, not a timeout.
    const ended = Promise.all(callers).then(() => 'ended' as const);

    expect(await Promise.race([loaded.then(() => 'loaded' as const), ended])).toBe('loaded');
    for (const outcome of pending) outcome.inFlightAtSignal = true;
    stack.launcher.kill('SIGTERM');
    await Promise.all(callers);
    await pool.close();
    expect(await stack.exited).toEqual({ code: 0, signal: null });

    const events = await storedRows(stack.target.env, guardDatabase, async (orm) =>
      (await orm.em.fork().find(UsageEvent, { organisationId: tenant.organisationId }, { fields: ['eventId'] })).map((row) => row.eventId),
    );
    const users = await storedRows(stack.target.env, accountsSubgraph.database!, async (orm) =>
      (await orm.em.fork().find(User, { usernameKey: { $like: 'sd_%' } }, { fields: ['usernameKey'] })).map((row) => row.usernameKey),
    );
    const stored = (outcome: Outcome) => (outcome.kind === 'user' ? users : events).has(outcome.id);

    // Every answer is a success: no 503 from a part that stopped too early, no 5xx at all, no event refused.
    const answered = outcomes.filter((outcome) => outcome.status !== undefined);
    expect(answered.filter((outcome) => outcome.status !== 200 || outcome.rejected)).toEqual([]);
    // Nothing acknowledged is lost.
    expect(answered.filter((outcome) => !stored(outcome))).toEqual([]);
    // A request without an answer never reached the application: refused, or sent on a
    // connection the shim had already closed. Had it been accepted, it would have been written.
    const failed = outcomes.filter((outcome) => outcome.error !== undefined);
    expect(failed.filter(stored)).toEqual([]);
    expect(failed.filter((outcome) => !['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(outcome.error!))).toEqual([]);
    // The stop drained: requests in flight when the signal came were answered after it.
    expect(outcomes.filter((outcome) => outcome.inFlightAtSignal && outcome.status === 200).length).toBeGreaterThan(0);
  }, 180_000);
});
