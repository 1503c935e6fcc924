import { postJson, send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { gql, newKey, newOperator, newWorkflow } from '../../support/tenants';
import { sdkPost, signatureFor, signedPost } from '../../support/guard-fixtures';
import { bearer } from '../../support/http';

describeEachDatabase('guard: signatures, protocol header, keys', (target) => {
  const gateBody = { tool: 'search', model: 'gpt-4o-mini', estimated_tokens: 100 };

  it('accepts a good signature and refuses a bad, a stale and a missing one when required', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const issued = await newKey(target, operator, { workflowId: workflow.id, signingRequired: true });
    expect(issued.secret).toMatch(/^gs_/);

    const good = await signedPost(target, '/gate', issued, gateBody);
    expect(good.status).toBe(200);
    expect(good.body.decision).toBe('allow');

    const tampered = await send(`${target.shimUrl}/api/v1/gate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': issued.key, 'x-guard-protocol': '3', ...signatureFor(issued.secret!, issued.key, JSON.stringify(gateBody)) },
      body: JSON.stringify({ ...gateBody, estimated_tokens: 1 }),
    });
    expect(tampered.status).toBe(401);
    expect(tampered.body).toMatchObject({ error_code: 'SIGNATURE_INVALID', error_message: expect.any(String), details: {}, retry_after_ms: null });

    const stale = await signedPost(target, '/gate', issued, gateBody, Math.floor(Date.now() / 1000) - 301);
    expect(stale.status).toBe(401);
    expect(stale.body.error_code).toBe('SIGNATURE_INVALID');

    const unsigned = await sdkPost(target, '/gate', issued.key, gateBody);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error_code).toBe('SIGNATURE_REQUIRED');

    const garbage = await sdkPost(target, '/gate', issued.key, gateBody, { 'x-signature': 'zz', 'x-signature-timestamp': 'yesterday' });
    expect(garbage.body.error_code).toBe('SIGNATURE_INVALID');
  });

  it('lets a signing key that does not require it send unsigned, but checks a signature it does send', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const issued = await newKey(target, operator, { workflowId: workflow.id, signing: true });
    expect((await sdkPost(target, '/gate', issued.key, gateBody)).status).toBe(200);
    const wrongSecret = await sdkPost(target, '/gate', issued.key, gateBody, signatureFor('gs_wrong', issued.key, JSON.stringify(gateBody)));
    expect(wrongSecret.body.error_code).toBe('SIGNATURE_INVALID');
  });

  it('does not trust a body digest a client sends to the gateway itself', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const issued = await newKey(target, operator, { workflowId: workflow.id, signingRequired: true });
    const digest = 'a'.repeat(64);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha256', issued.secret!).update(`${timestamp}:${issued.key}:${digest}`).digest('hex');
    const result = await postJson(target.gatewayUrl, { query: 'mutation { gate(input: {}) { decision } }' }, {
      'x-api-key': issued.key,
      'x-signature': signature,
      'x-signature-timestamp': timestamp,
      'x-switchyard-body-sha256': digest,
    });
    expect(result.body.errors[0].extensions.code).toBe('SIGNATURE_INVALID');
  });

  it('answers /auth/verify with the organisation, the bound workflow and the secret of a signing key', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const signing = await newKey(target, operator, { workflowId: workflow.id, signing: true });
    const plain = await newKey(target, operator);
    const verified = await postJson(`${target.shimUrl}/api/v1/auth/verify`, { api_key: signing.key }, { 'x-guard-protocol': '3' });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      organization_id: operator.organisationId,
      organization_name: expect.stringMatching(/^Org /),
      workflow_id: workflow.id,
      key_version: 1,
      secret_key: signing.secret,
    });
    const unbound = await postJson(`${target.shimUrl}/api/v1/auth/verify`, { api_key: plain.key }, { 'x-guard-protocol': '3' });
    expect(unbound.body).toEqual({ organization_id: operator.organisationId, organization_name: expect.any(String), workflow_id: null, key_version: 1 });
    const unknown = await postJson(`${target.shimUrl}/api/v1/auth/verify`, { api_key: 'gk_nope' }, { 'x-guard-protocol': '3' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error_code).toBe('API_KEY_INVALID');
  });

  it('refuses a revoked key at once', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const issued = await newKey(target, operator, { workflowId: workflow.id });
    expect((await sdkPost(target, '/gate', issued.key, gateBody)).status).toBe(200);
    await gql(target, 'mutation($id: ID!) { revokeApiKey(id: $id) { revokedAt } }', { id: issued.id }, bearer(operator.token));
    const refused = await sdkPost(target, '/gate', issued.key, gateBody);
    expect(refused.status).toBe(401);
    expect(refused.body.error_code).toBe('API_KEY_REVOKED');
  });

  it('checks the protocol header: missing, not a number, too old, too new; accepts the legacy synonym', async () => {
    const operator = await newOperator(target);
    const { key } = await newKey(target, operator);
    const call = (headers: Record<string, string>) => postJson(`${target.shimUrl}/api/v1/gate`, gateBody, { 'x-api-key': key, ...headers });
    const missing = await call({});
    expect(missing.status).toBe(400);
    expect(missing.body.error_code).toBe('PROTOCOL_HEADER_REQUIRED');
    expect((await call({ 'x-guard-protocol': 'three' })).body.error_code).toBe('PROTOCOL_HEADER_REQUIRED');
    const old = await call({ 'x-guard-protocol': '2' });
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ error_code: 'PROTOCOL_TOO_OLD', details: { min_required_version: 3 } });
    const newer = await call({ 'x-guard-protocol': '4' });
    expect(newer.status).toBe(400);
    expect(newer.body.error_code).toBe('PROTOCOL_TOO_NEW');
    expect((await call({ 'X-NULLRUN-PROTOCOL': '3' })).status).toBe(200);
  });

  it('serves /capabilities without header or key', async () => {
    const response = await send(`${target.shimUrl}/api/v1/capabilities`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      protocol_version: 3,
      min_protocol_version: 3,
      max_protocol_version: 3,
      server_version: expect.any(String),
      sdk_min_version: '0.12.0',
      capabilities: {
        server_minted_execution_id: true,
        per_execution_reservations: true,
        heartbeat_time_based: true,
        heartbeat_interval_seconds: 30,
        chain_idle_ttl_seconds: 300,
        idempotency_keys: true,
      },
    });
  });

  it('answers 429 with Retry-After once a key exceeds its rate', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const issued = await newKey(target, operator, { workflowId: workflow.id });
    await gql(target, 'mutation($id: ID!) { setApiKeyRateLimit(id: $id, requestsPerMinute: 6) { ratePerMinute } }', { id: issued.id }, bearer(operator.token));
    expect((await sdkPost(target, '/gate', issued.key, gateBody)).status).toBe(200);
    const limited = await sdkPost(target, '/gate', issued.key, gateBody);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error_code: 'RATE_LIMIT_EXCEEDED', retry_after_ms: expect.any(Number) });
    expect(limited.body.retry_after_ms).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBe(Math.ceil(limited.body.retry_after_ms / 1000));
  });
});
