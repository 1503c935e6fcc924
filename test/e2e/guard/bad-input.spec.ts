import { bearer, send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { newKey, newOperator, newWorkflow } from '../../support/tenants';
import { guardSnapshot, PROTOCOL, sdkHeaders } from '../../support/guard-fixtures';

interface BadCase {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  status: number;
  code: string;
  field?: string;
}

const json = (value: unknown) => JSON.stringify(value);
const HUGE = json({ events: [{ event_id: 'x', type: 'llm_call', padding: 'p'.repeat(1_100_000) }] });

describeEachDatabase('guard: bad input on every protocol route', (target) => {
  it('answers each with the protocol envelope and changes nothing', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator, 500);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const before = await snapshot();

    const cases: BadCase[] = [
      { name: 'verify: no api_key', path: '/auth/verify', body: json({}), status: 400, code: 'VALIDATION_FAILED', field: 'api_key' },
      { name: 'verify: api_key a number', path: '/auth/verify', body: json({ api_key: 42 }), status: 400, code: 'VALIDATION_FAILED', field: 'api_key' },
      { name: 'gate: not JSON', path: '/gate', body: '{"tool": ', status: 400, code: 'VALIDATION_FAILED' },
      { name: 'gate: an array', path: '/gate', body: json([1, 2]), status: 400, code: 'VALIDATION_FAILED', field: 'body' },
      { name: 'gate: estimated_tokens a word', path: '/gate', body: json({ estimated_tokens: 'many', model: 'gpt-4o' }), status: 400, code: 'VALIDATION_FAILED', field: 'estimated_tokens' },
      { name: 'gate: negative tokens', path: '/gate', body: json({ estimated_tokens: -1, model: 'gpt-4o' }), status: 400, code: 'VALIDATION_FAILED', field: 'estimated_tokens' },
      { name: 'gate: tools not a list', path: '/gate', body: json({ tools: 'send_email' }), status: 400, code: 'VALIDATION_FAILED', field: 'tools' },
      { name: 'gate: unknown chain_op', path: '/gate', body: json({ chain_id: 'c', chain_op: 'restart' }), status: 400, code: 'VALIDATION_FAILED', field: 'chain_op' },
      { name: 'gate: tool too long', path: '/gate', body: json({ tool: 't'.repeat(201) }), status: 400, code: 'VALIDATION_FAILED', field: 'tool' },
      { name: 'gate: another organisation', path: '/gate', body: json({ organization_id: 'org-someone-else', model: 'gpt-4o', estimated_tokens: 10 }), status: 403, code: 'WORKFLOW_INACTIVE' },
      { name: 'gate: unknown key', path: '/gate', body: json({ model: 'gpt-4o', estimated_tokens: 10 }), headers: { 'x-api-key': 'gk_not_a_key' }, status: 401, code: 'API_KEY_INVALID' },
      { name: 'gate: no key', path: '/gate', body: json({}), headers: { 'x-api-key': '' }, status: 401, code: 'API_KEY_MISSING' },
      { name: 'gate: plain text', path: '/gate', body: 'tool=search', headers: { 'content-type': 'text/plain' }, status: 400, code: 'VALIDATION_FAILED', field: 'body' },
      { name: 'batch: events missing', path: '/track/batch', body: json({}), status: 400, code: 'VALIDATION_FAILED', field: 'events' },
      { name: 'batch: events not objects', path: '/track/batch', body: json({ events: [1, 'two'] }), status: 400, code: 'VALIDATION_FAILED', field: 'events' },
      { name: 'batch: too many events', path: '/track/batch', body: json({ events: Array.from({ length: 1001 }, (_, i) => ({ event_id: `n${i}`, type: 'llm_call', input_tokens: 1000, model: 'gpt-4o' })) }), status: 400, code: 'VALIDATION_FAILED', field: 'events' },
      { name: 'batch: over 1 MiB', path: '/track/batch', body: HUGE, status: 400, code: 'VALIDATION_FAILED' },
      { name: 'batch: unknown key', path: '/track/batch', body: json({ events: [{ event_id: 'k', type: 'llm_call', input_tokens: 1000 }] }), headers: { 'x-api-key': 'gk_nope' }, status: 401, code: 'API_KEY_INVALID' },
      { name: 'track: no reservation_id', path: '/track', body: json({ input_tokens: 5 }), status: 400, code: 'VALIDATION_FAILED', field: 'reservation_id' },
      { name: 'track: tokens a string', path: '/track', body: json({ reservation_id: 'r', input_tokens: 'five' }), status: 400, code: 'VALIDATION_FAILED', field: 'input_tokens' },
      { name: 'heartbeat: chain_id a list', path: '/heartbeat', body: json({ chain_id: ['a'] }), status: 400, code: 'VALIDATION_FAILED', field: 'chain_id' },
      { name: 'heartbeat: unknown chain', path: '/heartbeat', body: json({ chain_id: 'never-started' }), status: 400, code: 'VALIDATION_FAILED', field: 'chain_id' },
      { name: 'cancel: no execution_id', path: '/cancel', body: json({ reason: 'x' }), status: 400, code: 'VALIDATION_FAILED', field: 'execution_id' },
      { name: 'cancel: execution_id too long', path: '/cancel', body: json({ execution_id: 'e'.repeat(129) }), status: 400, code: 'VALIDATION_FAILED', field: 'execution_id' },
      { name: 'status: unknown workflow', method: 'GET', path: '/status/wf-nope', status: 404, code: 'WORKFLOW_NOT_FOUND' },
      { name: 'usage: bad window', method: 'GET', path: `/orgs/${operator.organisationId}/usage?window=forever`, status: 400, code: 'VALIDATION_FAILED', field: 'window' },
      { name: 'usage: window twice', method: 'GET', path: `/orgs/${operator.organisationId}/usage?window=1h&window=2h`, status: 400, code: 'VALIDATION_FAILED', field: 'window' },
      { name: 'usage: unknown key', method: 'GET', path: `/orgs/${operator.organisationId}/usage`, headers: { 'x-api-key': 'gk_nope' }, status: 401, code: 'API_KEY_INVALID' },
      { name: 'pause: an API key is no operator', path: `/workflows/${workflow.id}/pause`, body: json({ reason: 'x' }), status: 401, code: 'UNAUTHENTICATED' },
      { name: 'pause: bad resume_after', path: `/workflows/${workflow.id}/pause`, body: json({ resume_after: 'soon' }), headers: bearer(operator.token), status: 400, code: 'VALIDATION_FAILED', field: 'resume_after' },
      { name: 'pause: resume_after in the past', path: `/workflows/${workflow.id}/pause`, body: json({ resume_after: '2001-01-01T00:00:00Z' }), headers: bearer(operator.token), status: 400, code: 'VALIDATION_FAILED', field: 'resume_after' },
      { name: 'kill: reason a number', path: `/workflows/${workflow.id}/kill`, body: json({ reason: 7 }), headers: bearer(operator.token), status: 400, code: 'VALIDATION_FAILED', field: 'reason' },
      { name: 'resume: unknown workflow', path: '/workflows/wf-nope/resume', body: json({}), headers: bearer(operator.token), status: 404, code: 'WORKFLOW_NOT_FOUND' },
      { name: 'kill: bad token', path: `/workflows/${workflow.id}/kill`, body: json({}), headers: bearer('not.a.jwt'), status: 401, code: 'UNAUTHENTICATED' },
      { name: 'unknown route', path: '/teleport', body: json({}), status: 404, code: 'NOT_FOUND' },
      { name: 'gate: a GET', method: 'GET', path: '/gate', status: 405, code: 'METHOD_NOT_ALLOWED' },
      { name: 'status: a POST', path: '/status/wf-nope', body: json({}), status: 405, code: 'METHOD_NOT_ALLOWED' },
    ];

    for (const bad of cases) {
      const response = await send(`${target.shimUrl}/api/v1${bad.path}`, {
        method: bad.method ?? 'POST',
        headers: { ...sdkHeaders(key), ...(bad.body !== undefined && { 'content-type': 'application/json' }), ...bad.headers },
        body: bad.body,
      });
      const context = `${bad.name}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
      expect(context).toBe(`${bad.name}: ${bad.status} ${JSON.stringify(response.body).slice(0, 300)}`);
      expect(response.body).toEqual({ error_code: bad.code, error_message: expect.any(String), details: expect.any(Object), retry_after_ms: null });
      if (bad.field) expect({ case: bad.name, field: response.body.details.field }).toEqual({ case: bad.name, field: bad.field });
    }

    expect(await snapshot()).toEqual(before);

    function snapshot() {
      return guardSnapshot(target, operator, workflow.id);
    }
  });

  it('keeps /capabilities open and refuses protocol routes without the header before reading the body', async () => {
    const response = await send(`${target.shimUrl}/api/v1/gate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(response.status).toBe(400);
    expect(response.body.error_code).toBe('PROTOCOL_HEADER_REQUIRED');
    expect((await send(`${target.shimUrl}/api/v1/capabilities`, { headers: PROTOCOL })).status).toBe(200);
  });
});
