import express, { Router, type Request, type Response } from 'express';

/** How long the generator has to answer one call. */
const GENERATOR_TIMEOUT_MS = 10_000;

export interface GeneratorRelaySettings {
  /** `GENERATOR_BACKEND_URL`. */
  generatorUrl: string;
  /** `INSTALLER`: off, the relay is not mounted (404), as the installer's own routes. */
  enabled: boolean;
}

const fail = (res: Response, status: number, error: string) => res.status(status).json({ error });

/** The generator's answer, passed on as JSON with its status; an unusable one as 502. */
async function passOn(res: Response, call: () => Promise<globalThis.Response>): Promise<void> {
  let answer: globalThis.Response;
  try {
    answer = await call();
  } catch {
    return void fail(res, 502, 'The generator could not be reached.');
  }
  const body = await answer.json().catch(() => undefined);
  if (body === undefined) return void fail(res, 502, `The generator answered ${answer.status} without JSON.`);
  res.status(answer.status).json(body);
}

/**
 * The installer page's way to the generator (installer.md: `POST /api/token`, `GET /api/apps`),
 * relayed by the web process so that the browser needs no CORS grant from the generator nor a
 * route to its address (GENERATOR_BACKEND_URL is where our processes reach it). Nothing is kept
 * or logged: the username and password go to the generator and nowhere else (the installer, the
 * gateway and the shim never see them), and the page keeps the access token in memory. The
 * package itself is downloaded by the installer, with that token, through the generator lane.
 */
export function generatorRelay(settings: GeneratorRelaySettings): Router {
  const router = Router();
  if (!settings.enabled) return router;
  const base = settings.generatorUrl.replace(/\/+$/, '');
  const sameOrigin = (req: Request) => req.headers.origin === undefined || req.headers.origin === `${req.protocol}://${req.headers.host}`;

  router
    .route('/installer/generator/token')
    .post(express.json({ limit: '4kb' }), (req, res) => {
      if (!sameOrigin(req)) return void fail(res, 403, 'Sign in from the installer page.');
      const { username, password } = req.body ?? {};
      if (typeof username !== 'string' || typeof password !== 'string' || username === '' || password === '') {
        return void fail(res, 400, 'Send {"username", "password"} as JSON.');
      }
      return passOn(res, () =>
        fetch(`${base}/api/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password }),
          signal: AbortSignal.timeout(GENERATOR_TIMEOUT_MS),
        }),
      );
    })
    .all((_req, res) => {
      res.setHeader('Allow', 'POST');
      fail(res, 405, 'Use POST here');
    });

  router
    .route('/installer/generator/apps')
    .get((req, res) => {
      const authorization = req.headers.authorization;
      if (!authorization || !/^Bearer [\x21-\x7e]+$/.test(authorization)) return void fail(res, 401, 'Sign in to the generator first.');
      return passOn(res, () => fetch(`${base}/api/apps`, { headers: { authorization }, signal: AbortSignal.timeout(GENERATOR_TIMEOUT_MS) }));
    })
    .all((_req, res) => {
      res.setHeader('Allow', 'GET, HEAD');
      fail(res, 405, 'Use GET here');
    });
  return router;
}
