import { Router } from 'express';
import { AppError } from '../../lib/errors';
import { readFields } from '../kit/body-fields';
import type { ShimGateway } from '../kit/shim-gateway';
import { decisionBody, ingestBody, usageEventBatch, windowParam } from './guard-bodies';
import { renderGuardError } from './guard-errors';
import { guardOperations as ops } from './guard.operations';
import type { CapabilitiesView, GateDecisionView, IngestView, KeyHolderView, StatusView, UsageView } from './guard-views';
import { gateInput, jsonObject } from './gate-body';
import { requireProtocolVersion } from './protocol-version';
import { bodyDigestHeader, signedJsonBody } from './signed-body';
import { controlRoutes } from './workflow-control.routes';

/**
 * The guard wire protocol, version 3 (specs/guard-protocol.md), under `/api/v1`: each route is
 * one GraphQL operation on the guard subgraph. Refusals from `/gate` are 200 answers; errors
 * take the protocol's envelope.
 */
export function guardRouter(gateway: ShimGateway): Router {
  const router = Router();

  router.get('/capabilities', async (req, res) => {
    const { guardCapabilities: c } = await gateway.run<{ guardCapabilities: CapabilitiesView }>(req, ops.GuardCapabilities, {});
    res.json({
      protocol_version: c.protocolVersion,
      min_protocol_version: c.minProtocolVersion,
      max_protocol_version: c.maxProtocolVersion,
      server_version: c.serverVersion,
      sdk_min_version: c.sdkMinVersion,
      capabilities: {
        server_minted_execution_id: true,
        per_execution_reservations: true,
        heartbeat_time_based: true,
        heartbeat_interval_seconds: c.heartbeatIntervalSeconds,
        chain_idle_ttl_seconds: c.chainIdleTtlSeconds,
        idempotency_keys: true,
      },
    });
  });

  router.use(requireProtocolVersion, signedJsonBody());

  router.post('/auth/verify', async (req, res) => {
    const { api_key } = readFields(jsonObject(req.body), { api_key: 'string' });
    const { verifyApiKey: holder } = await gateway.run<{ verifyApiKey: KeyHolderView }>(req, ops.VerifyApiKey, { apiKey: api_key });
    res.json({
      organization_id: holder.organisation.id,
      organization_name: holder.organisation.name,
      workflow_id: holder.workflowId,
      key_version: holder.keyVersion,
      ...(holder.secretKey !== null && { secret_key: holder.secretKey }),
    });
  });

  router.post('/gate', async (req, res) => {
    const data = await gateway.run<{ gate: GateDecisionView }>(req, ops.Gate, { input: gateInput(req.body) }, bodyDigestHeader(res));
    res.json(decisionBody(data.gate));
  });

  router.post('/execute', async (req, res) => {
    const data = await gateway.run<{ executeTool: GateDecisionView }>(req, ops.ExecuteTool, { input: gateInput(req.body) }, bodyDigestHeader(res));
    res.json(decisionBody(data.executeTool));
  });

  router.post('/track/batch', async (req, res) => {
    const batch = usageEventBatch(jsonObject(req.body));
    const { ingestEvents: result } = await gateway.run<{ ingestEvents: IngestView }>(req, ops.IngestEvents, { events: batch.inputs }, bodyDigestHeader(res));
    res.json(ingestBody(batch, result));
  });

  router.post('/track', async (req, res) => {
    const body = jsonObject(req.body);
    const fields = readFields(body, {
      reservation_id: 'string',
      tokens: 'integer?',
      input_tokens: 'integer?',
      output_tokens: 'integer?',
      model: 'string?',
      latency_ms: 'integer?',
      idempotency_key: 'string?',
    });
    const input = {
      reservationId: fields.reservation_id,
      tokens: fields.tokens,
      inputTokens: fields.input_tokens,
      outputTokens: fields.output_tokens,
      model: fields.model,
      latencyMs: fields.latency_ms,
      idempotencyKey: fields.idempotency_key,
    };
    const { trackUsage: status } = await gateway.run<{ trackUsage: string }>(req, ops.TrackUsage, { input }, bodyDigestHeader(res));
    res.json({ status });
  });

  router.post('/heartbeat', async (req, res) => {
    const { chain_id } = readFields(jsonObject(req.body), { chain_id: 'string' });
    const { heartbeat } = await gateway.run<{ heartbeat: { chainId: string; lastActive: string } }>(req, ops.Heartbeat, { chainId: chain_id }, bodyDigestHeader(res));
    res.json({ status: 'ok', chain_id: heartbeat.chainId, last_active: heartbeat.lastActive });
  });

  router.post('/cancel', async (req, res) => {
    const { execution_id, reason } = readFields(jsonObject(req.body), { execution_id: 'string', reason: 'string?' });
    const { cancelExecution: cancelled } = await gateway.run<{ cancelExecution: { executionId: string; cancelledAt: string } }>(
      req,
      ops.CancelExecution,
      { executionId: execution_id, reason },
      bodyDigestHeader(res),
    );
    res.json({ status: 'ok', execution_id: cancelled.executionId, cancelled_at: cancelled.cancelledAt });
  });

  router.get('/status/:workflowId', async (req, res) => {
    const { workflowStatus: s } = await gateway.run<{ workflowStatus: StatusView }>(req, ops.WorkflowStatus, { workflowId: req.params.workflowId });
    res.json({ workflow_id: s.workflowId, state: s.state, version: s.version, reason: s.reason, updated_at: s.updatedAt, current_cost: s.currentCostCents, rate_per_minute: s.ratePerMinute });
  });

  router.get('/orgs/:organisationId/usage', async (req, res) => {
    const variables = { organisationId: req.params.organisationId, window: windowParam(req.query) };
    const { organisationUsage } = await gateway.run<{ organisationUsage: UsageView[] }>(req, ops.OrganisationUsage, variables);
    res.json({ workflows: organisationUsage.map((usage) => ({ workflow_id: usage.workflowId, calls: usage.calls, tokens: usage.tokens, cost_cents: usage.costCents })) });
  });

  router.use(controlRoutes(gateway));
  router.use((req) => {
    throw new AppError('NOT_FOUND', `No protocol route ${req.method} ${req.baseUrl}${req.path}`);
  });
  router.use(renderGuardError());
  return router;
}
