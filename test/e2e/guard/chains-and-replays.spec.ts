import { describeEachDatabase } from '../../support/targets';
import { newKey, newOperator, newWorkflow } from '../../support/tenants';
import { sdkPost } from '../../support/guard-fixtures';

describeEachDatabase('guard: chains, idempotent gates, workflow naming, soft mode', (target) => {
  it('starts, heartbeats, continues and ends a chain; a continue after the end is refused', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    expect((await sdkPost(target, '/gate', key, { chain_id: 'plan-1', chain_op: 'start' })).body.decision).toBe('allow');
    const beat = await sdkPost(target, '/heartbeat', key, { chain_id: 'plan-1' });
    expect(beat.status).toBe(200);
    expect(beat.body).toEqual({ status: 'ok', chain_id: 'plan-1', last_active: expect.any(String) });
    expect((await sdkPost(target, '/gate', key, { chain_id: 'plan-1', chain_op: 'continue' })).body.decision).toBe('allow');
    expect((await sdkPost(target, '/gate', key, { chain_id: 'plan-1', chain_op: 'end' })).body.decision).toBe('allow');
    const after = await sdkPost(target, '/gate', key, { chain_id: 'plan-1', chain_op: 'continue' });
    expect(after.body).toMatchObject({ decision: 'block', explanation: 'CHAIN_EXPIRED', details: { error_code: 'SV-CH001', chain_id: 'plan-1' } });
    expect((await sdkPost(target, '/gate', key, { chain_id: 'plan-2', chain_op: 'continue' })).body.explanation).toBe('CHAIN_EXPIRED');
    expect((await sdkPost(target, '/gate', key, { chain_id: 'plan-3' })).body.decision).toBe('allow');
  });

  it('answers a retried gate with the same idempotency key with the same reservation', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const body = { model: 'gpt-4o', estimated_tokens: 1000, idempotency_key: 'retry-me' };
    const first = await sdkPost(target, '/gate', key, body);
    const second = await sdkPost(target, '/gate', key, body);
    expect(second.body).toEqual(first.body);
    const other = await sdkPost(target, '/gate', key, { ...body, idempotency_key: 'another' });
    expect(other.body.reservation_id).not.toBe(first.body.reservation_id);
  });

  // Concurrent for real on PostgreSQL; on SQLite (synchronous) the calls happen to run in turn.
  it('answers concurrent gates with the same idempotency key with one reservation', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const body = { model: 'gpt-4o', estimated_tokens: 1000, idempotency_key: 'at-once' };
    const [first, ...others] = await Promise.all(Array.from({ length: 6 }, () => sdkPost(target, '/gate', key, body)));
    expect(first.body).toMatchObject({ decision: 'allow', reservation_id: expect.any(String) });
    expect(others.map((other) => other.body)).toEqual(others.map(() => first.body));
  });

  it('finds the workflow by id or name in the body, else the key’s bound one, and mints an execution id', async () => {
    const operator = await newOperator(target);
    const other = await newOperator(target);
    const bound = await newWorkflow(target, operator, 1000, 'bound_flow');
    const named = await newWorkflow(target, operator, 1000, 'named_flow');
    const foreign = await newWorkflow(target, other, 1000, 'foreign_flow');
    const { key } = await newKey(target, operator, { workflowId: bound.id });
    const { key: unbound } = await newKey(target, operator);
    const byName = await sdkPost(target, '/gate', unbound, { workflow_id: 'named_flow' });
    expect(byName.body.workflow_id).toBe(named.id);
    expect(byName.body.execution_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await sdkPost(target, '/gate', unbound, { workflow_id: named.id })).body.workflow_id).toBe(named.id);
    expect((await sdkPost(target, '/gate', key, { workflow_id: 'bound_flow' })).body.workflow_id).toBe(bound.id);
    // A bound key naming another workflow of its organisation is refused (test/hardening/keys.spec.ts);
    // another organisation's is not its to name at all, so the bound one governs.
    expect((await sdkPost(target, '/gate', key, { workflow_id: named.id })).body.error_code).toBe('WORKFLOW_INACTIVE');
    expect((await sdkPost(target, '/gate', key, { workflow_id: foreign.id })).body.workflow_id).toBe(bound.id);
    expect((await sdkPost(target, '/gate', unbound, { workflow_id: 'no_such_flow' })).body).toMatchObject({ decision: 'soft_pass', explanation: 'NO_WORKFLOW' });
  });

  it('lets a soft-mode call pass a budget shortfall with a warning', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator, 0);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    expect((await sdkPost(target, '/gate', key, { model: 'gpt-4o', estimated_tokens: 100 })).body.decision).toBe('block');
    const soft = await sdkPost(target, '/gate', key, { model: 'gpt-4o', estimated_tokens: 100, mode: 'soft' });
    expect(soft.body).toMatchObject({ decision: 'soft_pass', explanation: 'BUDGET_EXCEEDED', details: { error_code: 'SV-B004' }, reservation_id: null });
  });
});
