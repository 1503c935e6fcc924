import type WebSocket from 'ws';
import { bearer, graphql } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { openControlSocket } from './control-clients';
import { gql, newKey, newOperator, newWorkflow, setToolPolicy } from '../../support/tenants';
import { sdkPost } from '../../support/guard-fixtures';

describeEachDatabase('guard: sensitive tools and approvals', (target) => {
  const sockets: WebSocket[] = [];
  afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));

  const resolve = (token: string, id: string, approved: boolean) =>
    gql(target, 'mutation($id: ID!, $approved: Boolean!) { resolveApproval(id: $id, approved: $approved, note: "checked") { status } }', { id, approved }, bearer(token));

  it('asks for approval, hears it approved over the socket, then allows the call', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    await setToolPolicy(target, operator, workflow.id, 'wire_money', 'require_approval');
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const { socket, inbox } = await openControlSocket(target.shimUrl, operator.organisationId, { 'x-api-key': key });
    sockets.push(socket);
    await inbox.take((m) => m.type === 'initial_state');

    const body = { organization_id: operator.organisationId, execution_id: 'exec-7', trace_id: 't', tool: 'wire_money', input: { amount: 10 }, mode: 'strict', operation_id: 'op-7' };
    const asked = await sdkPost(target, '/execute', key, body);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ decision: 'require_approval', explanation: 'APPROVAL_REQUIRED', approval_id: expect.stringMatching(/^apr-/), approval_timeout_seconds: 300 });
    const approvalId = asked.body.approval_id;

    const pending = await gql(target, 'query($org: ID!) { pendingApprovals(organisationId: $org) { id tool input } }', { org: operator.organisationId }, bearer(operator.token));
    expect(pending.pendingApprovals).toEqual([{ id: approvalId, tool: 'wire_money', input: { amount: 10 } }]);

    const stillPending = await sdkPost(target, '/execute', key, { ...body, approval_id: approvalId });
    expect(stillPending.body).toMatchObject({ decision: 'require_approval', approval_id: approvalId });

    await resolve(operator.token, approvalId, true);
    expect(await inbox.take((m) => m.type === 'approval_resolved')).toEqual({ type: 'approval_resolved', approval_id: approvalId, workflow_id: workflow.id, outcome: 'approved', message_id: `${approvalId}:approved` });

    const allowed = await sdkPost(target, '/execute', key, { ...body, approval_id: approvalId });
    expect(allowed.body).toMatchObject({ decision: 'allow', execution_id: 'exec-7', operation_id: 'op-7' });
  });

  it('blocks a denied call and refuses to resolve an approval twice', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    await setToolPolicy(target, operator, workflow.id, 'delete_*', 'require_approval');
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const asked = await sdkPost(target, '/gate', key, { tool: 'delete_repo' });
    const approvalId = asked.body.approval_id;
    await resolve(operator.token, approvalId, false);
    const denied = await sdkPost(target, '/execute', key, { tool: 'delete_repo', approval_id: approvalId });
    expect(denied.body).toMatchObject({ decision: 'block', explanation: 'APPROVAL_DENIED', details: { error_code: 'SV-X001' } });
    const again = await graphql(target, 'mutation($id: ID!) { resolveApproval(id: $id, approved: true) { status } }', { id: approvalId }, bearer(operator.token));
    expect(again.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT' });
  });

  it('requires a tool on /execute', async () => {
    const operator = await newOperator(target);
    const { key } = await newKey(target, operator);
    const response = await sdkPost(target, '/execute', key, { mode: 'strict' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error_code: 'VALIDATION_FAILED', details: { field: 'tool' } });
  });
});
