import { bearer, graphql } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { gql, newKey, newOperator, newWorkflow } from '../../support/tenants';
import { sdkPost } from '../../support/guard-fixtures';

const DAILY = 'query($org: ID!, $days: Int!) { dailyModelUsage(organisationId: $org, days: $days) { day model calls tokens costCents } }';

describeEachDatabase('guard: usage per model and per day', (target) => {
  it('groups today’s events by model, with calls, tokens and cost', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const llm = (eventId: string, model: string, input: number, output: number) => ({ event_id: eventId, type: 'llm_call', workflow_id: workflow.id, model, tokens: input + output, input_tokens: input, output_tokens: output });
    const batch = await sdkPost(target, '/track/batch', key, {
      events: [llm('d-1', 'gpt-4o', 1000, 500), llm('d-2', 'gpt-4o', 2000, 0), llm('d-3', 'gpt-4o-mini', 1000, 0), { event_id: 'd-4', type: 'tool_call', workflow_id: workflow.id, tool_name: 'search', tokens: 0 }],
    });
    expect(batch.status).toBe(200);

    const data = await gql(target, DAILY, { org: operator.organisationId, days: 7 }, bearer(operator.token));
    const today = new Date().toISOString().slice(0, 10);
    expect(data.dailyModelUsage).toEqual([
      { day: today, model: null, calls: 1, tokens: 0, costCents: 0 },
      { day: today, model: 'gpt-4o', calls: 2, tokens: 3500, costCents: expect.closeTo(1.25, 6) },
      { day: today, model: 'gpt-4o-mini', calls: 1, tokens: 1000, costCents: expect.any(Number) },
    ]);
  });

  it('refuses a day count out of range and a stranger, and shows an empty organisation as empty', async () => {
    const operator = await newOperator(target);
    const stranger = await newOperator(target);
    for (const days of [0, 91]) {
      const result = await graphql(target, DAILY, { org: operator.organisationId, days }, bearer(operator.token));
      expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'days' });
    }
    const foreign = await graphql(target, DAILY, { org: operator.organisationId, days: 7 }, bearer(stranger.token));
    expect(foreign.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect((await gql(target, DAILY, { org: operator.organisationId, days: 7 }, bearer(operator.token))).dailyModelUsage).toEqual([]);
  });
});
