import type WebSocket from 'ws';
import { bearer, graphql } from '../../support/http';
import { metricsUrls } from '../../support/process-origins';
import { sampleSum, scrape } from '../../support/scrape';
import type { StackUrls } from '../../support/stack-urls';
import { describeEachDatabase } from '../../support/targets';
import { gql, newKey, newOperator, newWorkflow, type Operator } from '../../support/tenants';
import { openControlSocket } from './control-clients';
import { control, sdkPost } from '../../support/guard-fixtures';

const RULE_FIELDS = 'id workflowId kind limit windowSeconds toolPattern action';

type Target = StackUrls;

async function addRule(target: Target, operator: Operator, workflowId: string, rule: Record<string, unknown>): Promise<Record<string, any>> {
  const data = await gql(target, `mutation($id: ID!, $rule: RunawayRuleInput!) { addRunawayRule(workflowId: $id, rule: $rule) { ${RULE_FIELDS} } }`, { id: workflowId, rule }, bearer(operator.token));
  return data.addRunawayRule;
}

async function workflowOf(target: Target, operator: Operator, id: string): Promise<{ state: string; reason: string | null; version: number; runawayRules: Array<Record<string, any>> }> {
  const data = await gql(target, `query($id: ID!) { workflow(id: $id) { state reason version runawayRules { ${RULE_FIELDS} } } }`, { id }, bearer(operator.token));
  return data.workflow;
}

/** An allowed gate call reserving for `tokens`, then its usage reported: the tokens and spend rules count it. */
async function trackedCall(target: Target, key: string, inputTokens: number, outputTokens: number): Promise<number> {
  const gate = await sdkPost(target, '/gate', key, { model: 'gpt-4o', estimated_tokens: inputTokens + outputTokens });
  expect(gate.body).toMatchObject({ decision: 'allow' });
  const tracked = await sdkPost(target, '/track', key, { reservation_id: gate.body.reservation_id, input_tokens: inputTokens, output_tokens: outputTokens, model: 'gpt-4o' });
  return tracked.status;
}

describeEachDatabase('guard: runaway rules stop a workflow by themselves', (target) => {
  const sockets: WebSocket[] = [];
  afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));

  it('pauses a workflow calling one tool with the same input too often, says why live, and counts afresh once resumed', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const rule = await addRule(target, operator, workflow.id, { kind: 'repeated_tool_call', limit: 2, windowSeconds: 300, toolPattern: 'search_*' });
    expect(rule).toMatchObject({ kind: 'repeated_tool_call', limit: 2, windowSeconds: 300, toolPattern: 'search_*', action: 'pause' });
    const { socket, inbox } = await openControlSocket(target.shimUrl, operator.organisationId, { 'x-api-key': key });
    sockets.push(socket);
    await inbox.take((m) => m.type === 'initial_state');

    const call = (input: unknown) => sdkPost(target, '/gate', key, { tool: 'search_web', input });
    expect((await call({ q: 'same' })).body.decision).toBe('allow');
    expect((await call({ q: 'other' })).body.decision).toBe('allow');
    expect((await call({ q: 'same' })).body.decision).toBe('allow');
    const third = await call({ q: 'same' });
    const reason = `RUNAWAY repeated_tool_call: search_web called 3 times with the same input within 300 s (limit 2, rule ${rule.id})`;
    expect(third.body).toMatchObject({ decision: 'throttle', explanation: 'WORKFLOW_PAUSED', details: { error_code: 'SV-W003', reason } });
    expect(await inbox.take((m) => m.type === 'state_change')).toMatchObject({ workflow_id: workflow.id, state: 'Paused', reason });
    expect(await workflowOf(target, operator, workflow.id)).toMatchObject({ state: 'Paused', reason });
    expect((await call({ q: 'other' })).body).toMatchObject({ decision: 'throttle', details: { reason } });

    await control(target, operator, 'resumeWorkflow', workflow.id, 'looked into it');
    expect((await call({ q: 'same' })).body.decision).toBe('allow');
  });

  it('kills a workflow above its call rate (a regular expression of tools), and every later call is refused', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const rule = await addRule(target, operator, workflow.id, { kind: 'call_rate', limit: 3, toolPattern: '/^db\\.(read|write)$/', action: 'kill' });
    for (const tool of ['search', 'db.read', 'search', 'db.write', 'DB.READ']) expect((await sdkPost(target, '/gate', key, { tool })).body.decision).toBe('allow');
    const fourth = await sdkPost(target, '/gate', key, { tool: 'db.write' });
    expect(fourth.body).toMatchObject({ decision: 'block', explanation: 'WORKFLOW_KILLED', details: { error_code: 'SV-W002', reason: expect.stringContaining(`RUNAWAY call_rate: 4 calls of /^db\\.(read|write)$/ within 60 s (limit 3, rule ${rule.id})`) } });
    expect((await sdkPost(target, '/gate', key, { tool: 'search' })).body.explanation).toBe('WORKFLOW_KILLED');
    expect((await workflowOf(target, operator, workflow.id)).state).toBe('Killed');
  });

  it('pauses on tokens a minute reported by /track, and kills on spend reported by a usage batch', async () => {
    const operator = await newOperator(target);
    const tokens = await newWorkflow(target, operator);
    const tokensKey = (await newKey(target, operator, { workflowId: tokens.id })).key;
    await addRule(target, operator, tokens.id, { kind: 'token_rate', limit: 1500 });
    const guardMetrics = metricsUrls(target.env).guard;
    const stopsBefore = sampleSum(await scrape(guardMetrics), 'guard_runaway_stops_total', { kind: 'token_rate', action: 'pause' });
    expect(await trackedCall(target, tokensKey, 600, 400)).toBe(200);
    expect(await trackedCall(target, tokensKey, 300, 300)).toBe(200);
    // Prometheus: tokens and spend by workflow and model (GenAI usage), and the stop
    const metrics = await scrape(guardMetrics);
    expect(sampleSum(metrics, 'guard_gen_ai_tokens_total', { workflow: tokens.id, model: 'gpt-4o', type: 'input' })).toBe(900);
    expect(sampleSum(metrics, 'guard_gen_ai_tokens_total', { workflow: tokens.id, model: 'gpt-4o', type: 'output' })).toBe(700);
    expect(sampleSum(metrics, 'guard_gen_ai_spend_cents_total', { workflow: tokens.id, model: 'gpt-4o' })).toBeCloseTo(0.925, 6);
    expect(sampleSum(metrics, 'guard_runaway_stops_total', { kind: 'token_rate', action: 'pause' }) - stopsBefore).toBe(1);
    const paused = await workflowOf(target, operator, tokens.id);
    expect(paused).toMatchObject({ state: 'Paused', reason: expect.stringMatching(/^RUNAWAY token_rate: 1600 tokens within 60 s \(limit 1500/) });
    expect((await sdkPost(target, '/gate', tokensKey, { model: 'gpt-4o', estimated_tokens: 10 })).body.explanation).toBe('WORKFLOW_PAUSED');

    const spend = await newWorkflow(target, operator);
    const spendKey = (await newKey(target, operator, { workflowId: spend.id })).key;
    await addRule(target, operator, spend.id, { kind: 'spend_rate', limit: 1, windowSeconds: 120, action: 'kill' });
    // gpt-4o: 0.25¢/1K in, 1¢/1K out: 0.75¢ per event below
    const event = (id: string) => ({ event_id: id, type: 'llm_call', workflow_id: spend.id, input_tokens: 1000, output_tokens: 500, model: 'gpt-4o' });
    const first = await sdkPost(target, '/track/batch', spendKey, { events: [event('s-1')] });
    expect(first.body.actions).toEqual([]);
    const second = await sdkPost(target, '/track/batch', spendKey, { events: [event('s-2')] });
    expect(second.body.actions).toEqual([{ type: 'kill', workflow_id: spend.id, reason: expect.stringMatching(/^RUNAWAY spend_rate: 1.5 cents spent within 120 s \(limit 1 cents/) }]);
    expect((await workflowOf(target, operator, spend.id)).state).toBe('Killed');

    // the console's spend per workflow over time
    const spent = await gql(target, 'query($org: ID!) { workflowSpend(organisationId: $org, hours: 2) { hour workflowId calls tokens costCents } }', { org: operator.organisationId }, bearer(operator.token));
    const byWorkflow = (id: string) => spent.workflowSpend.filter((row: { workflowId: string }) => row.workflowId === id).reduce((sum: number, row: { costCents: number }) => sum + row.costCents, 0);
    expect(byWorkflow(tokens.id)).toBeCloseTo(0.925, 6);
    expect(byWorkflow(spend.id)).toBeCloseTo(1.5, 6);
    expect(spent.workflowSpend.every((row: { hour: string }) => /^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/.test(row.hour))).toBe(true);
    const badWindow = await graphql(target, 'query($org: ID!) { workflowSpend(organisationId: $org, hours: 0) { hour } }', { org: operator.organisationId }, bearer(operator.token));
    expect(badWindow.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'hours' });
  });

  it('edits and removes rules, each change a new workflow version', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const rule = await addRule(target, operator, workflow.id, { kind: 'call_rate', limit: 100 });
    const before = await workflowOf(target, operator, workflow.id);
    const updated = await gql(target, `mutation($id: ID!, $rule: RunawayRuleInput!) { updateRunawayRule(id: $id, rule: $rule) { ${RULE_FIELDS} } }`, { id: rule.id, rule: { kind: 'spend_rate', limit: 2.5, windowSeconds: 600, action: 'kill' } }, bearer(operator.token));
    expect(updated.updateRunawayRule).toEqual({ id: rule.id, workflowId: workflow.id, kind: 'spend_rate', limit: 2.5, windowSeconds: 600, toolPattern: null, action: 'kill' });
    const after = await workflowOf(target, operator, workflow.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.runawayRules).toEqual([updated.updateRunawayRule]);
    const removed = await gql(target, 'mutation($id: ID!) { removeRunawayRule(id: $id) { id runawayRules { id } } }', { id: rule.id }, bearer(operator.token));
    expect(removed.removeRunawayRule).toEqual({ id: workflow.id, runawayRules: [] });
    // another organisation's operator may not touch it
    const stranger = await newOperator(target);
    const own = await addRule(target, operator, workflow.id, { kind: 'call_rate', limit: 5 });
    const refused = await graphql(target, 'mutation($id: ID!) { removeRunawayRule(id: $id) { id } }', { id: own.id }, bearer(stranger.token));
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await workflowOf(target, operator, workflow.id)).runawayRules).toHaveLength(1);
  });

  it('refuses bad rules with a clear error naming the field, and changes nothing', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const before = await workflowOf(target, operator, workflow.id);
    const bad: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ kind: 'call_rate', limit: 5, windowSeconds: 0 }, 'windowSeconds', /from 1 to 3600/],
      [{ kind: 'call_rate', limit: 5, windowSeconds: -30 }, 'windowSeconds', /from 1 to 3600/],
      [{ kind: 'repeated_tool_call', limit: 3, toolPattern: '/search_(web/' }, 'toolPattern', /not a valid regular expression/],
      [{ kind: 'repeated_tool_call', limit: 3, toolPattern: 'search web' }, 'toolPattern', /glob/],
      [{ kind: 'token_rate', limit: 0 }, 'limit', /above zero/],
      [{ kind: 'token_rate', limit: 10.5 }, 'limit', /whole/],
      [{ kind: 'spend_rate', limit: 1, toolPattern: 'x' }, 'toolPattern', /repeated_tool_call and call_rate rules only/],
    ];
    for (const [rule, field, message] of bad) {
      const result = await graphql(target, 'mutation($id: ID!, $rule: RunawayRuleInput!) { addRunawayRule(workflowId: $id, rule: $rule) { id } }', { id: workflow.id, rule }, bearer(operator.token));
      expect(result.errors?.[0]).toMatchObject({ message: expect.stringMatching(message), extensions: { code: 'BAD_USER_INPUT', field } });
    }
    const rule = await addRule(target, operator, workflow.id, { kind: 'call_rate', limit: 5 });
    const badUpdate = await graphql(target, 'mutation($id: ID!, $rule: RunawayRuleInput!) { updateRunawayRule(id: $id, rule: $rule) { id } }', { id: rule.id, rule: { kind: 'call_rate', limit: 5, windowSeconds: 0 } }, bearer(operator.token));
    expect(badUpdate.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'windowSeconds' });
    const unknown = await graphql(target, 'mutation { removeRunawayRule(id: "runaway-nope") { id } }', {}, bearer(operator.token));
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const after = await workflowOf(target, operator, workflow.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.runawayRules).toEqual([rule]);
  });
});
