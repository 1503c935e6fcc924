import { describeEachDatabase } from '../../support/targets';
import { newKey, newOperator, newWorkflow, setToolPolicy } from '../../support/tenants';
import { control, sdkPost } from '../../support/guard-fixtures';

describeEachDatabase('guard: gate decisions', (target) => {
  it('allows a call within budget and reserves its projected cost', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator, 1000);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const response = await sdkPost(target, '/gate', key, {
      organization_id: operator.organisationId,
      execution_id: 'exec-1',
      trace_id: 'trace-1',
      tool: 'search',
      input: { q: 'x' },
      mode: 'strict',
      check_type: 'pre_flight',
      model: 'gpt-4o',
      estimated_tokens: 1000,
      operation_id: 'op-1',
      idempotency_key: 'idem-1',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      decision: 'allow',
      decision_source: 'gateway',
      explanation: 'ALLOWED',
      explanations: [],
      reservation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      operation_id: 'op-1',
      execution_id: 'exec-1',
      projected_cost_cents: 1,
    });
    expect(response.body.remaining_budget_cents).toBeLessThanOrEqual(999);
  });

  it('blocks a send_* tool with TOOL_BLOCKED and SV-T001, as a 200', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    await setToolPolicy(target, operator, workflow.id, 'send_*', 'block');
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const response = await sdkPost(target, '/gate', key, { tool: 'send_email', model: 'gpt-4o', estimated_tokens: 10 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ decision: 'block', explanation: 'TOOL_BLOCKED', details: { error_code: 'SV-T001', tool_name: 'send_email' } });
    const viaTools = await sdkPost(target, '/gate', key, { tool: 'plan', tools: ['search', 'Send_SMS'] });
    expect(viaTools.body).toMatchObject({ decision: 'block', details: { error_code: 'SV-T001', tool_name: 'Send_SMS' } });
  });

  it('throttles a paused workflow and blocks a killed one', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    await control(target, operator, 'pauseWorkflow', workflow.id, 'maintenance');
    const paused = await sdkPost(target, '/gate', key, { tool: 'search' });
    expect(paused.body).toMatchObject({ decision: 'throttle', explanation: 'WORKFLOW_PAUSED', details: { error_code: 'SV-W003', reason: 'maintenance' } });
    await control(target, operator, 'killWorkflow', workflow.id, 'runaway');
    const killed = await sdkPost(target, '/gate', key, { tool: 'search' });
    expect(killed.body).toMatchObject({ decision: 'block', explanation: 'WORKFLOW_KILLED', details: { error_code: 'SV-W002', reason: 'runaway' } });
  });

  it('blocks with BUDGET_EXCEEDED (SV-B004) once the budget cannot cover the call', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator, 2);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const first = await sdkPost(target, '/gate', key, { model: 'gpt-4o', estimated_tokens: 1500 });
    expect(first.body).toMatchObject({ decision: 'allow', projected_cost_cents: 1.5 });
    const second = await sdkPost(target, '/gate', key, { model: 'gpt-4o', estimated_tokens: 1500 });
    expect(second.body).toMatchObject({ decision: 'block', explanation: 'BUDGET_EXCEEDED', details: { error_code: 'SV-B004' }, reservation_id: null });
  });
});
