import { bearer, graphql, postJson, uniqueName } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { openControlSocket } from './control-clients';
import { gql, newKey, newOperator, newWorkflow } from '../../support/tenants';
import { sdkPost } from '../../support/guard-fixtures';

describeEachDatabase('guard: operator API over GraphQL', (target) => {
  it('extends Organisation with its workflows, usage and keys, for its members only', async () => {
    const operator = await newOperator(target);
    const outsider = await newOperator(target);
    const workflow = await newWorkflow(target, operator, 250, 'support_bot');
    const issued = await newKey(target, operator, { workflowId: workflow.id });
    await sdkPost(target, '/track/batch', issued.key, { events: [{ event_id: 'u1', type: 'llm_call', input_tokens: 4000, model: 'gpt-4o' }] });

    const query = `query($org: ID!) {
      organisation(id: $org) { name workflows { id name state version budgetCents spentCents toolPolicies { pattern } usage(window: "1h") { calls costCents } } }
      apiKeys(organisationId: $org) { id prefix workflowId signingRequired revokedAt }
    }`;
    const data = await gql(target, query, { org: operator.organisationId }, bearer(operator.token));
    expect(data.organisation).toEqual({
      name: expect.stringMatching(/^Org /),
      workflows: [{ id: workflow.id, name: 'support_bot', state: 'Normal', version: 1, budgetCents: 250, spentCents: 1, toolPolicies: [], usage: { calls: 1, costCents: 1 } }],
    });
    expect(data.apiKeys).toEqual([{ id: issued.id, prefix: issued.key.slice(0, 10), workflowId: workflow.id, signingRequired: false, revokedAt: null }]);

    const peeking = await graphql(target, 'query($id: ID!) { workflow(id: $id) { name } }', { id: workflow.id }, bearer(outsider.token));
    expect(peeking.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN' });
    const listing = await graphql(target, 'query($org: ID!) { apiKeys(organisationId: $org) { id } }', { org: operator.organisationId }, bearer(outsider.token));
    expect(listing.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets only admins create and change workflows, with checked input', async () => {
    const operator = await newOperator(target);
    const memberName = uniqueName('mbr');
    const member = await postJson(`${target.shimUrl}/user/createFromEmailPassword`, { username: memberName, email: `${memberName}@example.com`, password: 'Secret123' });
    await gql(target, 'mutation($org: ID!, $user: ID!) { addMember(organisationId: $org, userId: $user) { role } }', { org: operator.organisationId, user: member.body.user_id }, bearer(operator.token));
    const memberToken = (await postJson(`${target.shimUrl}/auth/refresh`, {}, bearer(member.body.token))).body.token;
    const create = 'mutation($org: ID!, $name: String!, $budget: Int!) { createWorkflow(organisationId: $org, name: $name, budgetCents: $budget) { id } }';

    const byMember = await graphql(target, create, { org: operator.organisationId, name: 'x', budget: 1 }, bearer(memberToken));
    expect(byMember.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN' });
    const negative = await graphql(target, create, { org: operator.organisationId, name: 'x', budget: -1 }, bearer(operator.token));
    expect(negative.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'budgetCents' });
    const blank = await graphql(target, create, { org: operator.organisationId, name: '  ', budget: 1 }, bearer(operator.token));
    expect(blank.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    await newWorkflow(target, operator, 1, 'taken');
    const duplicate = await graphql(target, create, { org: operator.organisationId, name: 'taken', budget: 1 }, bearer(operator.token));
    expect(duplicate.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', field: 'name' });

    const workflows = await gql(target, 'query($org: ID!) { organisation(id: $org) { workflows { name } } }', { org: operator.organisationId }, bearer(memberToken));
    expect(workflows.organisation.workflows).toEqual([{ name: 'taken' }]);
    const kill = await graphql(target, 'mutation($id: ID!) { killWorkflow(id: $id) { state } }', { id: 'wf-none' }, bearer(operator.token));
    expect(kill.errors?.[0].extensions).toMatchObject({ code: 'WORKFLOW_NOT_FOUND' });
  });

  it('raises a budget at once on the gate, and resumes a paused workflow when resume_after passes', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator, 0);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const call = { model: 'gpt-4o', estimated_tokens: 1000 };
    expect((await sdkPost(target, '/gate', key, call)).body.explanation).toBe('BUDGET_EXCEEDED');
    const raised = await gql(target, 'mutation($id: ID!) { setWorkflowBudget(id: $id, budgetCents: 5) { version budgetCents } }', { id: workflow.id }, bearer(operator.token));
    expect(raised.setWorkflowBudget).toEqual({ version: 2, budgetCents: 5 });
    expect((await sdkPost(target, '/gate', key, call)).body.decision).toBe('allow');

    const { socket, inbox } = await openControlSocket(target.shimUrl, operator.organisationId, { 'x-api-key': key });
    try {
      await inbox.take((m) => m.type === 'initial_state');
      const resumeAfter = new Date(Date.now() + 1500).toISOString();
      await gql(target, 'mutation($id: ID!, $at: DateTimeISO) { pauseWorkflow(id: $id, reason: "cool down", resumeAfter: $at) { state } }', { id: workflow.id, at: resumeAfter }, bearer(operator.token));
      const paused = await inbox.take((m) => m.type === 'state_change');
      expect(paused).toMatchObject({ state: 'Paused', reason: 'cool down', resume_after: resumeAfter, version: 3 });
      expect((await sdkPost(target, '/gate', key, call)).body).toMatchObject({ decision: 'throttle', details: { resume_after: resumeAfter } });
      const resumed = await inbox.take((m) => m.type === 'state_change', 10_000);
      expect(resumed).toMatchObject({ state: 'Normal', version: 4, reason: 'resume_after passed' });
      expect((await sdkPost(target, '/gate', key, call)).body.decision).toBe('allow');
    } finally {
      socket.close();
    }
  });
});
