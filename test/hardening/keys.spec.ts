import { bearer, graphql, send, type JsonResponse } from '../support/http';
import { describeEachDatabase, type StackTarget } from '../support/targets';
import { newKey, newOperator, newWorkflow, type IssuedKey } from '../support/tenants';
import { sdkGet, sdkHeaders, sdkPost, signatureFor } from '../e2e/guard/guard-fixtures';

/** Sends exactly these bytes with exactly these signature headers, as a replaying attacker would. */
function replay(target: StackTarget, path: string, issued: IssuedKey, raw: string, signature: Record<string, string>): Promise<JsonResponse> {
  return send(`${target.shimUrl}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...sdkHeaders(issued.key), ...signature }, body: raw });
}

function expectBoundRefusal(response: JsonResponse): void {
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({ error_code: 'WORKFLOW_INACTIVE', details: { reason: 'bound_workflow' } });
}

describeEachDatabase('hardening: API keys', (target) => {
  it('refuses a signed /gate request replayed verbatim to /cancel, and takes a retry to /gate', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const issued = await newKey(target, operator, { workflowId: workflow.id, signingRequired: true });
    const raw = JSON.stringify({ execution_id: 'run-replayed', tool: 'search', model: 'gpt-4o-mini', estimated_tokens: 100 });
    const signature = signatureFor(issued.secret!, issued.key, raw);

    const gate = await replay(target, '/gate', issued, raw, signature);
    expect(gate.status).toBe(200);
    expect(gate.body.decision).toBe('allow');

    // The /cancel route reads `execution_id` from the same bytes: accepted, it would cancel the run.
    const cancel = await replay(target, '/cancel', issued, raw, signature);
    expect(cancel.status).toBe(401);
    expect(cancel.body).toMatchObject({ error_code: 'SIGNATURE_INVALID', error_message: expect.stringMatching(/another endpoint/) });
    // /execute takes the same body shape as /gate.
    expect((await replay(target, '/execute', issued, raw, signature)).body.error_code).toBe('SIGNATURE_INVALID');
    // The same request to the same route is a retry, which clients make; the route's own path spelled another way is that route.
    expect((await replay(target, '/gate', issued, raw, signature)).body.decision).toBe('allow');
    expect((await replay(target, '/gate/', issued, raw, signature)).body.decision).toBe('allow');

    // Nothing was cancelled: the run still passes the gate.
    const again = JSON.stringify({ execution_id: 'run-replayed', tool: 'search' });
    expect((await replay(target, '/gate', issued, again, signatureFor(issued.secret!, issued.key, again))).body.decision).toBe('allow');
  });

  it('lets a key bound to one workflow act on that workflow only', async () => {
    const operator = await newOperator(target);
    const mine = await newWorkflow(target, operator);
    const theirs = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: mine.id });
    const { key: theirKey } = await newKey(target, operator, { workflowId: theirs.id });
    const { key: orgKey } = await newKey(target, operator);

    // The gate, on a workflow named by id or by name.
    expectBoundRefusal(await sdkPost(target, '/gate', key, { workflow_id: theirs.id, model: 'gpt-4o', estimated_tokens: 100 }));
    expectBoundRefusal(await sdkPost(target, '/execute', key, { workflow_id: theirs.name, tool: 'search' }));
    expect((await sdkPost(target, '/gate', key, { workflow_id: mine.id, model: 'gpt-4o', estimated_tokens: 100 })).body.decision).toBe('allow');

    // Status, and usage narrowed to its own workflow.
    expectBoundRefusal(await sdkGet(target, `/status/${theirs.id}`, key));
    expect((await sdkGet(target, `/status/${mine.id}`, key)).status).toBe(200);
    await sdkPost(target, '/track/batch', theirKey, { events: [{ event_id: 'theirs-1', type: 'llm_call', model: 'gpt-4o', input_tokens: 10 }] });

    // Events: the one naming the other workflow is rejected, the batch still answered.
    const batch = await sdkPost(target, '/track/batch', key, {
      events: [
        { event_id: 'bound-1', type: 'llm_call', workflow_id: theirs.id, model: 'gpt-4o', input_tokens: 10 },
        { event_id: 'bound-2', type: 'llm_call', workflow_id: mine.id, model: 'gpt-4o', input_tokens: 10 },
      ],
    });
    expect(batch.status).toBe(200);
    expect(batch.body.accepted_event_ids).toEqual(['bound-2']);
    expect(batch.body.rejected).toEqual([{ event_id: 'bound-1', reason: 'WORKFLOW_INACTIVE: The API key is bound to another workflow' }]);
    const usage = await sdkGet(target, `/orgs/${operator.organisationId}/usage`, key);
    expect(usage.body.workflows.map((row: { workflow_id: string }) => row.workflow_id)).toEqual([mine.id]);
    expect((await sdkGet(target, `/orgs/${operator.organisationId}/usage`, orgKey)).body.workflows).toHaveLength(2);

    // /track of the other workflow's reservation, /heartbeat of its chain, /cancel of its run: refused, and untouched.
    const reserved = await sdkPost(target, '/gate', theirKey, { execution_id: 'their-run', chain_id: 'their-chain', chain_op: 'start', model: 'gpt-4o', estimated_tokens: 1000 });
    expect(reserved.body.decision).toBe('allow');
    const track = { reservation_id: reserved.body.reservation_id, input_tokens: 100, output_tokens: 10, model: 'gpt-4o' };
    expectBoundRefusal(await sdkPost(target, '/track', key, track));
    expectBoundRefusal(await sdkPost(target, '/heartbeat', key, { chain_id: 'their-chain' }));
    expectBoundRefusal(await sdkPost(target, '/cancel', key, { execution_id: 'their-run' }));
    expectBoundRefusal(await sdkPost(target, '/gate', key, { chain_id: 'their-chain', chain_op: 'end' }));
    expect(await sdkPost(target, '/track', theirKey, track)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await sdkPost(target, '/heartbeat', theirKey, { chain_id: 'their-chain' })).status).toBe(200);
    expect((await sdkPost(target, '/gate', theirKey, { execution_id: 'their-run', chain_id: 'their-chain' })).body.decision).toBe('allow');

    // The graph, read with the key: its workflow, not the other.
    const read = await graphql(target, 'query($id: ID!) { workflow(id: $id) { id } }', { id: theirs.id }, { 'x-api-key': key });
    expect(read.errors?.[0]?.extensions).toMatchObject({ code: 'WORKFLOW_INACTIVE', status: 403 });
    const usageQuery = 'query($org: ID!) { organisationUsage(organisationId: $org) { workflowId } }';
    const listed = await graphql<{ organisationUsage: Array<{ workflowId: string }> }>(target, usageQuery, { org: operator.organisationId }, { 'x-api-key': key });
    expect(listed.data?.organisationUsage.map((row) => row.workflowId)).toEqual([mine.id]);
    const operatorView = await graphql<{ organisationUsage: Array<{ workflowId: string }> }>(target, usageQuery, { org: operator.organisationId }, bearer(operator.token));
    expect(operatorView.data?.organisationUsage).toHaveLength(2);
  });
});
