import { bearer, graphql, send, type JsonResponse } from '../support/http';
import { describeEachDatabase, type StackTarget } from '../support/targets';
import { newKey, newOperator, newWorkflow, type IssuedKey } from '../support/tenants';
import { sdkGet, sdkHeaders, sdkPost, signatureFor } from '../support/guard-fixtures';
import { eventually } from '../support/eventually';
import { reservationsOf } from '../support/guard-rows';

/** Sends exactly these bytes with exactly these signature headers, as a replaying attacker would. */
function replay(target: StackTarget, path: string, issued: IssuedKey, raw: string, signature: Record<string, string>): Promise<JsonResponse> {
  return send(`${target.shimUrl}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...sdkHeaders(issued.key), ...signature }, body: raw });
}

function expectBoundRefusal(response: JsonResponse): void {
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({ error_code: 'WORKFLOW_INACTIVE', details: { reason: 'bound_workflow' } });
}

describeEachDatabase('hardening: API keys', (target) => {
  it('counts a signed request once: a replay to any route gets 401 and reserves nothing; a request signed anew gets the execution’s one reservation', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const issued = await newKey(target, operator, { workflowId: workflow.id, signingRequired: true });
    const raw = JSON.stringify({ execution_id: 'run-replayed', tool: 'search', model: 'gpt-4o-mini', estimated_tokens: 100 });
    const now = Math.floor(Date.now() / 1000);
    const signature = signatureFor(issued.secret!, issued.key, raw, now);

    const gate = await replay(target, '/gate', issued, raw, signature);
    expect(gate.status).toBe(200);
    expect(gate.body).toMatchObject({ decision: 'allow', reservation_id: expect.any(String) });

    // The same bytes and signature again, to the same route (however spelled) or another whose body reads alike.
    for (const path of ['/gate', '/gate/', '/execute', '/cancel']) {
      const replayed = await replay(target, path, issued, raw, signature);
      expect(replayed.status).toBe(401);
      expect(replayed.body).toEqual({ error_code: 'SIGNATURE_INVALID', error_message: expect.stringMatching(/already used/), details: {}, retry_after_ms: null });
    }

    // The client's retry, signed anew (another timestamp): the gate answers the execution's reservation, and reserves nothing more.
    const retry = await replay(target, '/gate', issued, raw, signatureFor(issued.secret!, issued.key, raw, now - 1));
    expect(retry.body).toMatchObject({ decision: 'allow', reservation_id: gate.body.reservation_id });
    await eventually(async () => (await reservationsOf(target, operator.organisationId, 'run-replayed')).length > 0, 10_000, 'the reservation written');
    expect((await reservationsOf(target, operator.organisationId, 'run-replayed')).map((row) => row.id)).toEqual([gate.body.reservation_id]);

    // Nothing was cancelled: the run still passes the gate.
    const again = JSON.stringify({ execution_id: 'run-replayed', tool: 'search' });
    expect((await replay(target, '/gate', issued, again, signatureFor(issued.secret!, issued.key, again))).body.decision).toBe('allow');
  });

  it('of one signed request sent many times at once, answers one and refuses the rest', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const issued = await newKey(target, operator, { workflowId: workflow.id, signingRequired: true });
    const raw = JSON.stringify({ execution_id: 'run-burst', model: 'gpt-4o-mini', estimated_tokens: 100 });
    const signature = signatureFor(issued.secret!, issued.key, raw);
    const answers = await Promise.all(Array.from({ length: 8 }, () => replay(target, '/gate', issued, raw, signature)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
    const admitted = answers.find((answer) => answer.status === 200)!;
    await eventually(async () => (await reservationsOf(target, operator.organisationId, 'run-burst')).length > 0, 10_000, 'the reservation written');
    expect((await reservationsOf(target, operator.organisationId, 'run-burst')).map((row) => row.id)).toEqual([admitted.body.reservation_id]);
  });

  it('gives an execution one reservation when asked for it many times at once, each request signed anew', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const issued = await newKey(target, operator, { workflowId: workflow.id, signingRequired: true });
    const now = Math.floor(Date.now() / 1000);
    // Distinct bytes (another trace id each), so distinct signatures: retries a client made on its own.
    const bodies = Array.from({ length: 6 }, (_, i) => JSON.stringify({ execution_id: 'run-asked', trace_id: `t-${i}`, model: 'gpt-4o-mini', estimated_tokens: 100 }));
    const answers = await Promise.all(bodies.map((raw) => replay(target, '/gate', issued, raw, signatureFor(issued.secret!, issued.key, raw, now))));
    expect(answers.map((answer) => answer.body.decision)).toEqual(Array(6).fill('allow'));
    const reserved = new Set(answers.map((answer) => answer.body.reservation_id));
    expect(reserved.size).toBe(1);
    await eventually(async () => (await reservationsOf(target, operator.organisationId, 'run-asked')).length > 0, 10_000, 'the reservation written');
    expect((await reservationsOf(target, operator.organisationId, 'run-asked')).map((row) => row.id)).toEqual([...reserved]);
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
