import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createScratchPostgres } from '../../lib/db/scratch-database';
import { control, sdkPost } from '../support/guard-fixtures';
import { launchGuardPair, type GuardPair } from '../support/guard-pair';
import { bearer, graphql } from '../support/http';
import { launchOwnStack, type OwnStack } from '../support/own-stack';
import { OwnRedisServer } from '../support/redis-server';
import type { StackUrls } from '../support/stack-urls';
import { gql, newKey, newOperator, newWorkflow, setToolPolicy, type Operator } from '../support/tenants';
import { runAgents, seededRandom } from './guard-cap-run';
import { ledgerOf } from './guard-ledger';
import { MICROCENTS_PER_CENT } from '../../subgraphs/guard/entities';

const adminUrl = process.env.TEST_DATABASE_URL;
const dialects = adminUrl ? ['sqlite', 'postgresql'] : ['sqlite'];
const EPSILON_CENTS = 1;
const EPSILON_MICROCENTS = EPSILON_CENTS * MICROCENTS_PER_CENT;
/** Runs of the property; each seed is printed with a failure so that it can be replayed. */
const SEEDS = (process.env.GUARD_CAP_SEEDS ?? '1,2,3').split(',').map(Number);
const ROOT = resolve(__dirname, '..', '..');

/**
 * Two guard instances (each with its gateway and shim) on one database and a Redis of the test's
 * own, in production mode. The hard cap as a property: seeded runs of many agents of one
 * workflow calling the gate and `/track` on both instances at once, Redis killed midway through
 * each; afterwards the ledger summed from the database never passes the budget by more than
 * epsilon per consumption charged above its reservation. Then the audit trail those runs wrote
 * from both instances: one chain, every gate decision in it, exported and verified offline, and
 * tampered copies rejected at the right record.
 */
(OwnRedisServer.available ? describe.each(dialects) : describe.skip.each(dialects))('hardening: the guard’s hard cap and audit trail on two instances [%s]', (dialect) => {
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  let redis: OwnRedisServer;
  let a: OwnStack;
  let b: GuardPair;
  let operator: Operator;
  let replicas: StackUrls[];
  let work: string;
  /** Gate calls made in this suite for the operator's organisation: each is one `gate.*` record. */
  let gateCalls = 0;

  beforeAll(async () => {
    if (dialect === 'postgresql') scratch = await createScratchPostgres(adminUrl!, 'switchyard_guard_cap');
    const database = scratch ? { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url } : { USE_EMBEDDED_DB: 'true' };
    redis = await OwnRedisServer.start();
    a = await launchOwnStack({ NODE_ENV: 'production', ...database, REDIS_URL: redis.url, GUARD_CONSUME_EPSILON_CENTS: String(EPSILON_CENTS), GUARD_OUTAGE_POLL_MS: '200' });
    b = await launchGuardPair(a.target.env);
    replicas = [a, b];
    operator = await newOperator(a);
    work = mkdtempSync(join(tmpdir(), 'guard-audit-'));
  }, 240_000);

  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await redis?.stop();
    await scratch?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it.each(SEEDS)('never records spend above the budget plus epsilon per reservation charged above it (seed %i, Redis killed midway)', async (seed) => {
    const random = seededRandom(seed * 7919);
    const budgetCents = 40 + Math.floor(random() * 80);
    const workflow = await newWorkflow(a, operator, budgetCents);
    const { key } = await newKey(a, operator, { workflowId: workflow.id });
    const tally = await runAgents({ replicas, key, workflowId: workflow.id, agents: 10, callsPerAgent: 12, seed, midway: () => redis.stop() });
    await redis.start();
    gateCalls += tally.gateCalls;

    const ledger = await ledgerOf(a.target.env, workflow.id);
    const context = { seed, budgetCents, tally, ledger };
    // The cap: each consumption passes its reservation by epsilon at most, and only those add to what passes the budget.
    expect(ledger.largestExcessMicrocents).toBeLessThanOrEqual(EPSILON_MICROCENTS);
    expect(ledger.spentMicrocents).toBeLessThanOrEqual(ledger.budgetMicrocents + EPSILON_MICROCENTS * ledger.chargedAboveProjection);
    // The ledger summed from the reservations is the workflow's spend: nothing is counted twice or lost.
    expect(ledger.consumed).toBe(tally.allowed);
    expect(ledger.chargedMicrocents).toBe(ledger.spentMicrocents);
    expect(ledger.stillOpen).toBe(0);
    // The runs do reach the cap (otherwise the property says nothing).
    expect(tally.refused).toBeGreaterThan(0);
    // Every call was answered as a client expects (a decision, a charge or an over-budget refusal).
    expect({ ...context, failures: tally.failures }).toEqual({ ...context, failures: [] });
  }, 300_000);

  const exportChain = async (): Promise<string> => {
    let jsonl = '';
    let afterSeq = 0;
    for (;;) {
      const data = await gql(b, 'query($org: ID!, $after: Int!) { auditExport(organisationId: $org, afterSeq: $after, limit: 500) { jsonl lastSeq complete } }', { org: operator.organisationId, after: afterSeq }, bearer(operator.token));
      jsonl += data.auditExport.jsonl;
      if (data.auditExport.complete) return jsonl;
      afterSeq = data.auditExport.lastSeq;
    }
  };
  /** `npm run guard:verify-audit -- <file>`, or (`direct`) the script it runs, without npm's start-up. */
  const verify = (lines: string[] | string, direct = true) => {
    const file = join(work, `export-${Math.random().toString(36).slice(2)}.jsonl`);
    writeFileSync(file, Array.isArray(lines) ? lines.map((line) => `${line}\n`).join('') : lines);
    const [command, args] = direct ? [process.execPath, ['dist/scripts/guard-verify-audit.js', file]] : ['npm', ['run', '-s', 'guard:verify-audit', '--', file]];
    const run = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8' });
    return { status: run.status, out: `${run.stdout}${run.stderr}` };
  };

  it('keeps one chain for the organisation across both instances: every gate decision and control action, verified offline', async () => {
    const workflow = await newWorkflow(b, operator, 500);
    const { key } = await newKey(a, operator, { workflowId: workflow.id });
    await setToolPolicy(b, operator, workflow.id, 'send_*', 'block');
    const blocked = await sdkPost(a, '/gate', key, { tool: 'send_mail' });
    expect(blocked.body).toMatchObject({ decision: 'block', explanation: 'TOOL_BLOCKED' });
    await control(a, operator, 'pauseWorkflow', workflow.id, 'audit pause');
    await control(b, operator, 'resumeWorkflow', workflow.id, 'audit resume');
    await gql(a, 'mutation($id: ID!) { setWorkflowBudget(id: $id, budgetCents: 700) { id } }', { id: workflow.id }, bearer(operator.token));
    await control(b, operator, 'killWorkflow', workflow.id, 'audit kill');
    const killed = await sdkPost(b, '/gate', key, { tool: 'search' });
    expect(killed.body).toMatchObject({ decision: 'block', explanation: 'WORKFLOW_KILLED' });
    gateCalls += 2;

    // Gate decisions are written behind the gate: wait until both instances wrote theirs.
    let lines: string[] = [];
    for (let attempt = 0; attempt < 100; attempt++) {
      lines = (await exportChain()).split('\n').filter(Boolean);
      if (lines.filter((line) => JSON.parse(line).action.startsWith('gate.')).length >= gateCalls) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    const records = lines.map((line) => JSON.parse(line));
    expect(records.map((record) => record.seq)).toEqual(records.map((_, index) => index + 1));
    expect(records.filter((record) => record.action.startsWith('gate.')).length).toBe(gateCalls);
    const ofWorkflow = records.filter((record) => record.workflowId === workflow.id && !record.action.startsWith('gate.'));
    expect(ofWorkflow.map((record) => record.action)).toEqual(['workflow.create', 'key.created', 'policy.set', 'workflow.pause', 'workflow.resume', 'workflow.budget', 'workflow.kill']);
    expect(ofWorkflow.every((record) => record.actor === `user:${operator.userId}`)).toBe(true);
    expect(records.find((record) => record.action === 'workflow.budget' && record.workflowId === workflow.id).details).toMatchObject({ budgetCentsBefore: 500, budgetCents: 700 });
    expect(records.find((record) => record.action === 'gate.block' && record.details.explanation === 'TOOL_BLOCKED')).toMatchObject({ subject: 'send_mail', details: { errorCode: 'SV-T001' } });

    const verified = verify(lines, false);
    expect(verified).toEqual({ status: 0, out: expect.stringContaining(`ok: ${lines.length} records of organisation ${operator.organisationId} chain from the genesis`) });
    writeFileSync(join(work, 'chain.jsonl'), lines.map((line) => `${line}\n`).join(''));
  }, 180_000);

  it('pages the trail newest first with cursors and filters, and refuses a malformed cursor with a clear error, changing nothing', async () => {
    const page = (variables: Record<string, unknown>) =>
      graphql(a, 'query($org: ID!, $first: Int!, $after: String, $filter: AuditFilter) { auditTrail(organisationId: $org, first: $first, after: $after, filter: $filter) { records { seq action } endCursor hasMore } }', { org: operator.organisationId, ...variables }, bearer(operator.token));
    const first = await page({ first: 5 });
    expect(first.data.auditTrail).toMatchObject({ hasMore: true, endCursor: expect.any(String) });
    const top = first.data.auditTrail.records[0].seq;
    expect(first.data.auditTrail.records.map((record: { seq: number }) => record.seq)).toEqual([top, top - 1, top - 2, top - 3, top - 4]);
    const second = await page({ first: 5, after: first.data.auditTrail.endCursor });
    expect(second.data.auditTrail.records[0].seq).toBe(top - 5);

    const kills = await page({ first: 50, filter: { action: 'workflow.kill' } });
    expect(kills.data.auditTrail.records.map((record: { action: string }) => record.action)).toEqual(['workflow.kill']);
    const gates = await page({ first: 3, filter: { action: 'gate.' } });
    expect(gates.data.auditTrail.records.every((record: { action: string }) => record.action.startsWith('gate.'))).toBe(true);

    for (const after of ['not-a-cursor', Buffer.from('audit:abc').toString('base64url'), '%%%', Buffer.from('audit:0').toString('base64url')]) {
      const refused = await page({ first: 5, after });
      expect(refused.data).toBeNull();
      expect(refused.errors?.[0]).toMatchObject({ message: expect.stringContaining('after is not a cursor this field gave out'), extensions: { code: 'BAD_USER_INPUT', field: 'after' } });
    }
    const tooMany = await page({ first: 0 });
    expect(tooMany.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'first' } });
    // Refused reads appended nothing.
    expect((await page({ first: 1 })).data.auditTrail.records[0].seq).toBe(top);
  }, 60_000);
  it('rejects a tampered export at the first record that does not chain, and a file that is not JSON Lines', async () => {
    const lines = readFileSync(join(work, 'chain.jsonl'), 'utf8').split('\n').filter(Boolean);
    const k = Math.floor(lines.length / 2);
    const changed = [...lines];
    const record = JSON.parse(changed[k - 1]);
    changed[k - 1] = JSON.stringify({ ...record, details: { ...record.details, tampered: true } });
    expect(verify(changed)).toEqual({ status: 1, out: expect.stringContaining(`broken: line ${k}, seq ${k}: The record was changed`) });

    // Changed with its own hash made good: the next record no longer chains.
    const rehashed = [...lines];
    const { hash: _hash, ...fields } = { ...record, actor: 'user:someone-else' };
    const { auditRecordHash } = await import('../../lib/audit-chain');
    rehashed[k - 1] = JSON.stringify({ ...fields, hash: auditRecordHash(fields) });
    expect(verify(rehashed)).toEqual({ status: 1, out: expect.stringContaining(`broken: line ${k + 1}, seq ${k + 1}: The record does not chain`) });

    const removed = lines.filter((_, index) => index !== k - 1);
    expect(verify(removed)).toEqual({ status: 1, out: expect.stringContaining(`broken: line ${k}, seq ${k + 1}: The record is out of sequence`) });

    const reordered = [...lines];
    [reordered[k - 1], reordered[k]] = [reordered[k], reordered[k - 1]];
    expect(verify(reordered)).toEqual({ status: 1, out: expect.stringContaining(`broken: line ${k}, seq ${k + 1}: The record is out of sequence`) });

    const truncatedHead = lines.slice(1);
    expect(verify(truncatedHead)).toMatchObject({ status: 0, out: expect.stringContaining('anchored there, not at the genesis') });

    expect(verify(`[${lines.join(',')}]`)).toEqual({ status: 2, out: expect.stringContaining('not an audit export (JSON Lines, one record a line): line 1') });
    expect(verify([lines[0], 'not json', lines[1]])).toEqual({ status: 2, out: expect.stringContaining('line 2: The line is not JSON') });
    expect(verify('')).toEqual({ status: 2, out: expect.stringContaining('The file holds no records') });
  }, 60_000);

});
