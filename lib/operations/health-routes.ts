import { Router } from 'express';
import { assessReadiness, type ReadinessCheck } from './readiness';

/**
 * `GET /healthz`: the process is alive (no dependency is asked, so it stays cheap for liveness
 * probes). `GET /readyz`: every readiness check passes, else 503 naming each check's state.
 */
export function healthRoutes(service: string, checks: readonly ReadinessCheck[]): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service });
  });
  router.get('/readyz', async (_req, res) => {
    const readiness = await assessReadiness(checks);
    res.status(readiness.status === 'ready' ? 200 : 503).json({ ...readiness, service });
  });
  return router;
}
