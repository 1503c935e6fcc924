import { Router } from 'express';
import type { Logger } from '../logging';
import { assessReadiness, type Readiness, type ReadinessCheck } from './readiness';

/**
 * `GET /healthz`: the process is alive (no dependency is asked, so it stays cheap for liveness
 * probes). `GET /readyz`: every required readiness check passes (200, `ready`
 * or `degraded`), else 503; the body names each check's state. A change of readiness that a probe
 * finds is logged once (warn when a check goes down, info when all are up again), not every probe.
 */
export function healthRoutes(service: string, checks: readonly ReadinessCheck[], logger: Logger): Router {
  const router = Router();
  let last: Readiness['status'] | undefined;
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service });
  });
  router.get('/readyz', async (_req, res) => {
    const readiness = await assessReadiness(checks);
    if (readiness.status !== last && (last !== undefined || readiness.status !== 'ready')) logChange(logger, readiness);
    last = readiness.status;
    res.status(readiness.status === 'unready' ? 503 : 200).json({ ...readiness, service });
  });
  return router;
}

function logChange(logger: Logger, readiness: Readiness): void {
  const down = Object.entries(readiness.checks).filter(([, outcome]) => outcome.status === 'down');
  if (down.length === 0) return logger.info({ readiness: readiness.status }, 'ready again');
  logger.warn({ readiness: readiness.status, down: Object.fromEntries(down.map(([name, outcome]) => [name, outcome.error])) }, `${readiness.status}: ${down.map(([name]) => name).join(', ')} down`);
}
