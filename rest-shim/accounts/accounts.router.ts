import { Router, type RequestHandler } from 'express';
import { readFields } from '../kit/body-fields';
import { legacyBodyParsers } from '../kit/body-parsers';
import { methodNotAllowed } from '../kit/method-not-allowed';
import type { ShimGateway } from '../kit/shim-gateway';
import { accountsOperations as ops } from './accounts.operations';
import { renderAccountsError } from './accounts-errors';

interface Session {
  token: string;
  userId: string;
  username: string;
}

const sessionBody = ({ token, userId, username }: Session) => ({ token, user_id: userId, username });

/** Code-host sign-up, whose id field is `codehost_id`, or `github_id` on the legacy alias. */
function codehostSignUp(gateway: ShimGateway, idField: 'codehost_id' | 'github_id'): RequestHandler {
  return async (req, res) => {
    const fields = readFields(req.body, { username: 'string', [idField]: 'integer', access_token: 'string' } as const);
    const variables = { username: fields.username, codehostId: fields[idField], accessToken: fields.access_token };
    const data = await gateway.run<{ createUserFromCodeHost: Session }>(req, ops.CreateUserFromCodeHost, variables);
    res.json(sessionBody(data.createUserFromCodeHost));
  };
}

/** Service A of the accounts-and-feed spec: `/auth/*`, `/user/*` and the JWKS. */
export function accountsRouter(gateway: ShimGateway): Router {
  const router = Router();
  router.use(['/auth', '/user'], legacyBodyParsers());

  router
    .route('/auth/login')
    .post(async (req, res) => {
      const { username, password } = readFields(req.body, { username: 'string', password: 'string' });
      const data = await gateway.run<{ login: Session }>(req, ops.Login, { username, password });
      res.json({ token: data.login.token });
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/auth/payload')
    .get(async (req, res) => {
      const data = await gateway.run<{ tokenPayload: Record<string, unknown> }>(req, ops.TokenPayload);
      res.json({ payload: data.tokenPayload });
    })
    .all(methodNotAllowed('GET'));

  router
    .route('/auth/refresh')
    .post(async (req, res) => {
      const data = await gateway.run<{ refreshToken: Session }>(req, ops.RefreshToken);
      res.json({ token: data.refreshToken.token });
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/user/createFromEmailPassword')
    .post(async (req, res) => {
      const fields = readFields(req.body, { username: 'string', email: 'string', password: 'string' });
      const data = await gateway.run<{ createUserFromEmailPassword: Session }>(req, ops.CreateUserFromEmailPassword, fields);
      res.json(sessionBody(data.createUserFromEmailPassword));
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/user/createFromCodeHost')
    .post(codehostSignUp(gateway, 'codehost_id'))
    .all(methodNotAllowed('POST'));

  router
    .route('/.well-known/jwks.json')
    .get(async (req, res) => {
      const data = await gateway.run<{ jwks: unknown }>(req, ops.Jwks);
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.json(data.jwks);
    })
    .all(methodNotAllowed('GET'));

  router.use(['/auth', '/user', '/.well-known'], renderAccountsError());
  return router;
}

/** The legacy alias: `/user/createFromGitHub` with `github_id`. */
export function githubAliasRouter(gateway: ShimGateway): Router {
  const router = Router();
  router.use('/user/createFromGitHub', legacyBodyParsers());
  router
    .route('/user/createFromGitHub')
    .post(codehostSignUp(gateway, 'github_id'))
    .all(methodNotAllowed('POST'));
  router.use('/user/createFromGitHub', renderAccountsError({ codehostId: 'github_id' }));
  return router;
}
