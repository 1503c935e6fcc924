import { Router } from 'express';
import { assessReadiness, type ReadinessCheck } from './readiness';

/**
 * `GET /healthz`: the process is alive (no dependency is asked, so it stays cheap for liveness
 * probes). `GET /readyz`: every required readiness check passes (200, `ready`
 * or `degraded`), else 503; the body names each check's state.
 */
export function healthRoutes(service: string, checks: readonly ReadinessCheck[]): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service });
  });
  router.get('/readyz', async (_req, res) => {
    const readiness = await assessReadiness(checks);
    res.status(readiness.status === 'unready' ? 503 : 200).json({ ...readiness, service });
  });
  return router;
}
