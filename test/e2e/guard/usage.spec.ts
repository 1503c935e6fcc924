import { bearer } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { gql, newKey, newOperator, newWorkflow, setToolPolicy } from '../../support/tenants';
import { sdkGet, sdkPost } from '../../support/guard-fixtures';

const llmCall = (eventId: string, workflowId: string, input = 1000, output = 500) => ({
  event_id: eventId,
  type: 'llm_call',
  workflow_id: workflowId,
  trace_id: 't1',
  span_id: 's1',
  tokens: input + output,
  input_tokens: input,
  output_tokens: output,
  model: 'gpt-4o',
  latency_ms: 120,
  prompt_hash: 'kept-as-metadata',
});

async function spentCents(target: Parameters<typeof gql>[0], token: string, workflowId: string): Promise<number> {
  const data = await gql(target, 'query($id: ID!) { workflow(id: $id) { spentCents remainingCents } }', { id: workflowId }, bearer(token));
  return data.workflow.spentCents;
}

describeEachDatabase('guard: usage events, tracking and reports', (target) => {
  it('counts a resent batch once, and reports usage totals per workflow', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const batch = {
      events: [
        llmCall('e-1', workflow.id),
        llmCall('e-2', workflow.id, 2000, 0),
        { event_id: 'e-3', type: 'tool_call', workflow_id: workflow.id, tool_name: 'search', duration_ms: 40, is_retry: false, tokens: 0 },
        { event_id: 'e-4', type: 'span_start', span_id: 's2' },
        { event_id: 'e-5', type: 'my_custom_thing', tokens: 7 },
      ],
    };
    const first = await sdkPost(target, '/track/batch', key, batch);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ accepted_event_ids: ['e-1', 'e-2', 'e-3', 'e-4', 'e-5'], rejected: [], actions: [], messages: [] });
    // gpt-4o: 0.25¢/1K in, 1¢/1K out → e-1 0.75¢, e-2 0.5¢
    expect(await spentCents(target, operator.token, workflow.id)).toBeCloseTo(1.25, 6);

    const resent = await sdkPost(target, '/track/batch', key, batch);
    expect(resent.status).toBe(200);
    expect(resent.body.accepted_event_ids).toHaveLength(5);
    expect(await spentCents(target, operator.token, workflow.id)).toBeCloseTo(1.25, 6);

    const usage = await sdkGet(target, `/orgs/${operator.organisationId}/usage?window=24h`, key);
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({ workflows: [{ workflow_id: workflow.id, calls: 3, tokens: 3500 + 0 + 0 + 7, cost_cents: 1.25 }] });
  });

  it('rejects bad events and blocked tool calls one by one, keeping the rest', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    await setToolPolicy(target, operator, workflow.id, 'send_*', 'block');
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const response = await sdkPost(target, '/track/batch', key, {
      events: [
        llmCall('good', workflow.id),
        { type: 'llm_call' },
        { event_id: 'bad-tokens', type: 'llm_call', input_tokens: -5 },
        { event_id: 'sent', type: 'tool_call', tool_name: 'send_email' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.accepted_event_ids).toEqual(['good']);
    expect(response.body.rejected).toEqual([
      { event_id: null, reason: expect.stringContaining('event_id') },
      { event_id: 'bad-tokens', reason: expect.stringContaining('input_tokens') },
      { event_id: 'sent', reason: expect.stringContaining('TOOL_BLOCKED') },
    ]);
    expect(response.body.actions).toEqual([{ type: 'tool_blocked', workflow_id: workflow.id, reason: 'TOOL_BLOCKED' }]);
  });

  it('judges mistyped fields event by event on REST, and names the GraphQL field at fault', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const response = await sdkPost(target, '/track/batch', key, {
      events: [
        { event_id: 'words', type: 'llm_call', input_tokens: 'five' },
        llmCall('kept', workflow.id),
        { event_id: 'long-model', type: 'llm_call', model: 'm'.repeat(129) },
        { event_id: 'flag', type: 'tool_call', is_retry: 'yes' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.accepted_event_ids).toEqual(['kept']);
    expect(response.body.rejected).toEqual([
      { event_id: 'words', reason: expect.stringContaining('input_tokens') },
      { event_id: 'long-model', reason: 'model must be at most 128 characters' },
      { event_id: 'flag', reason: expect.stringContaining('is_retry') },
    ]);
    const tooMany = Array.from({ length: 1001 }, (_, i) => (i === 0 ? { event_id: 'x', type: 'llm_call', tokens: 'lots' } : { event_id: `m${i}`, type: 'span_start' }));
    expect(await sdkPost(target, '/track/batch', key, { events: tooMany })).toMatchObject({ status: 400, body: { error_code: 'VALIDATION_FAILED', details: { field: 'events' } } });

    const data = await gql(
      target,
      'mutation($events: [UsageEventInput!]!) { ingestEvents(events: $events) { acceptedEventIds rejected { index eventId field reason } } }',
      { events: [{ eventId: 'g-1', type: 'llm_call', inputTokens: 10, metadata: { prompt: 'p' } }, { type: 'llm_call' }, { eventId: 'g-3', type: 'llm_call', outputTokens: -1 }] },
      { 'x-api-key': key },
    );
    expect(data.ingestEvents).toEqual({
      acceptedEventIds: ['g-1'],
      rejected: [
        { index: 1, eventId: null, field: 'eventId', reason: 'eventId is required' },
        { index: 2, eventId: 'g-3', field: 'outputTokens', reason: 'outputTokens must be a whole number from 0 to 50000000' },
      ],
    });
  });

  it('consumes a reservation with /track, replays it, and refuses a cost above the reservation', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const gate = await sdkPost(target, '/gate', key, { model: 'gpt-4o', estimated_tokens: 2000 });
    const reservationId = gate.body.reservation_id;
    const track = { reservation_id: reservationId, workflow_id: workflow.id, tokens: 1500, input_tokens: 1000, output_tokens: 500, model: 'gpt-4o', latency_ms: 300, idempotency_key: 'call-1' };
    const consumed = await sdkPost(target, '/track', key, track);
    expect(consumed.status).toBe(200);
    expect(consumed.body).toEqual({ status: 'ok' });
    expect(await sdkPost(target, '/track', key, track)).toMatchObject({ status: 200, body: { status: 'idempotent_replay' } });
    expect(await spentCents(target, operator.token, workflow.id)).toBeCloseTo(0.75, 6);

    const small = await sdkPost(target, '/gate', key, { model: 'gpt-4o', estimated_tokens: 100 });
    const over = await sdkPost(target, '/track', key, { reservation_id: small.body.reservation_id, input_tokens: 1000, output_tokens: 5000, model: 'gpt-4o' });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ error_code: 'CONSUME_OVERBUDGET', details: { reserved_cents: 0.1, actual_cost_cents: 5.25, epsilon_cents: 1 } });

    const unknown = await sdkPost(target, '/track', key, { reservation_id: '00000000-0000-4000-8000-000000000000', input_tokens: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error_code: 'VALIDATION_FAILED', details: { field: 'reservation_id' } });
  });

  it('answers /status of a workflow of the key’s organisation only', async () => {
    const operator = await newOperator(target);
    const other = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const foreign = await newWorkflow(target, other);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    await sdkPost(target, '/track/batch', key, { events: [llmCall('s-1', workflow.id)] });
    const status = await sdkGet(target, `/status/${workflow.id}`, key);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ workflow_id: workflow.id, state: 'Normal', version: 1, reason: null, updated_at: expect.any(String), current_cost: 0.75, rate_per_minute: 1 });
    const hidden = await sdkGet(target, `/status/${foreign.id}`, key);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error_code).toBe('WORKFLOW_NOT_FOUND');
    const crossOrgUsage = await sdkGet(target, `/orgs/${other.organisationId}/usage`, key);
    expect(crossOrgUsage.status).toBe(403);
  });

  it('records /track/batch spend in full even past the budget (calls already made), tells the SDK, and grants no lease beyond it', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator, 100);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const held = await sdkPost(target, '/gate', key, { execution_id: 'held-1', model: 'gpt-4o', estimated_tokens: 40_000 });
    expect(held.body).toMatchObject({ decision: 'allow', projected_cost_cents: 40 });
    // gpt-4o output at 1¢/1K: 90¢, then 30¢, reported after the calls happened.
    const first = await sdkPost(target, '/track/batch', key, { events: [llmCall('over-1', workflow.id, 0, 90_000)] });
    expect(first.body).toMatchObject({ accepted_event_ids: ['over-1'], actions: [] });
    const second = await sdkPost(target, '/track/batch', key, { events: [llmCall('over-2', workflow.id, 0, 30_000)] });
    expect(second.body).toMatchObject({ accepted_event_ids: ['over-2'], actions: [{ type: 'budget_exhausted', workflow_id: workflow.id, reason: 'BUDGET_EXCEEDED' }] });
    expect(await spentCents(target, operator.token, workflow.id)).toBeCloseTo(120, 6);
    // The gate admits nothing that needs budget it no longer has: no lease is granted past the recorded spend.
    const refused = await sdkPost(target, '/gate', key, { execution_id: 'after-1', model: 'gpt-4o', estimated_tokens: 80_000 });
    expect(refused.body).toMatchObject({ decision: 'block', explanation: 'BUDGET_EXCEEDED' });
    expect(await spentCents(target, operator.token, workflow.id)).toBeCloseTo(120, 6);
  });

  it('releases reservations on /cancel and refuses the cancelled execution afterwards', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator, 100);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const held = await sdkPost(target, '/gate', key, { execution_id: 'run-9', model: 'gpt-4o', estimated_tokens: 40_000 });
    expect(held.body).toMatchObject({ decision: 'allow', projected_cost_cents: 40 });
    const cancelled = await sdkPost(target, '/cancel', key, { execution_id: 'run-9', reason: 'user stopped it' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ status: 'ok', execution_id: 'run-9', cancelled_at: expect.any(String) });
    const refused = await sdkPost(target, '/gate', key, { execution_id: 'run-9', model: 'gpt-4o', estimated_tokens: 10 });
    expect(refused.body).toMatchObject({ decision: 'block', explanation: 'EXECUTION_CANCELLED' });
    const data = await gql(target, 'query($id: ID!) { workflow(id: $id) { remainingCents } }', { id: workflow.id }, bearer(operator.token));
    expect(data.workflow.remainingCents).toBe(100);

    // On the audit trail once, by the key, with its reason: cancelling again changes nothing there.
    const again = await sdkPost(target, '/cancel', key, { execution_id: 'run-9', reason: 'again' });
    expect(again.body).toEqual(cancelled.body);
    const trail = await gql(
      target,
      'query($org: ID!) { auditTrail(organisationId: $org, first: 10, filter: { action: "execution.cancel" }) { records { action actor workflowId subject details } } }',
      { org: operator.organisationId },
      bearer(operator.token),
    );
    expect(trail.auditTrail.records).toEqual([{ action: 'execution.cancel', actor: expect.stringMatching(/^key:/), workflowId: workflow.id, subject: 'run-9', details: { reason: 'user stopped it' } }]);
  });
});
