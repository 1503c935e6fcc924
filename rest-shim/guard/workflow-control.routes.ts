import { Router } from 'express';
import { badInput } from '../../lib/errors';
import { readFields } from '../kit/body-fields';
import type { ShimGateway } from '../kit/shim-gateway';
import { guardOperations as ops } from './guard.operations';
import type { WorkflowStateView } from './guard-views';
import { jsonObject } from './gate-body';

function stateBody(workflow: WorkflowStateView) {
  return { workflow_id: workflow.id, state: workflow.state, version: workflow.version, reason: workflow.reason, updated_at: workflow.updatedAt, resume_after: workflow.resumeAfter };
}

/** `resume_after` as an ISO 8601 date-time or unix seconds. */
function resumeAfter(body: Record<string, unknown>): string | undefined {
  const value = body.resume_after;
  if (value === undefined || value === null) return undefined;
  const date = typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw badInput('resume_after', 'resume_after must be an ISO 8601 date-time or unix seconds');
  return date.toISOString();
}

/** Operators' REST control: `POST /workflows/{id}/pause|resume|kill` with a JWT (`workflow.update`). */
export function controlRoutes(gateway: ShimGateway): Router {
  const router = Router();

  router.post('/workflows/:id/pause', async (req, res) => {
    const body = jsonObject(req.body ?? {});
    const { reason } = readFields(body, { reason: 'string?' });
    const data = await gateway.run<{ pauseWorkflow: WorkflowStateView }>(req, ops.PauseWorkflow, { id: req.params.id, reason, resumeAfter: resumeAfter(body) });
    res.json(stateBody(data.pauseWorkflow));
  });

  router.post('/workflows/:id/resume', async (req, res) => {
    const { reason } = readFields(jsonObject(req.body ?? {}), { reason: 'string?' });
    const data = await gateway.run<{ resumeWorkflow: WorkflowStateView }>(req, ops.ResumeWorkflow, { id: req.params.id, reason });
    res.json(stateBody(data.resumeWorkflow));
  });

  router.post('/workflows/:id/kill', async (req, res) => {
    const { reason } = readFields(jsonObject(req.body ?? {}), { reason: 'string?' });
    const data = await gateway.run<{ killWorkflow: WorkflowStateView }>(req, ops.KillWorkflow, { id: req.params.id, reason });
    res.json(stateBody(data.killWorkflow));
  });

  return router;
}
