import express, { Router, type Request, type Response } from 'express';
import { GatewayOperationError } from '../../../lib/graph-client';
import { AppAuthorizationRequestDocument, GrantAppDocument, OwnerSignInDocument, OwnerStoresDocument } from '../generated/graph';
import type { PageGateway } from '../graph/page-gateway';
import { readId } from '../pages/page-input';
import { badRequest, pageMethodNotAllowed, PageProblem } from '../pages/page-errors';
import { setPageHeaders } from '../security-headers';
import { consentDocument, signInDocument, type AuthorizeView } from './authorize-page';
import { csrfToken, ownerSession } from './owner-cookies';

const MAX_STATE_LENGTH = 1000;

export interface AuthorizeSettings {
  /** How long the owner stays signed in on these pages: the JWT's own lifetime (`JWT_TTL_SECONDS`). */
  sessionSeconds: number;
}


/** `state` is required (RFC 6749 recommends it against forged redirects; this platform insists). */
function readState(raw: unknown): string {
  if (typeof raw !== 'string' || raw === '') throw badRequest('The app must send a state parameter with this link.');
  if (raw.length > MAX_STATE_LENGTH) throw badRequest(`state must be at most ${MAX_STATE_LENGTH} characters.`);
  return raw;
}

/**
 * A form is the page's own: it carries the anti-forgery token of the browser's cookie, and a
 * browser that names the form's origin names ours. Checked before anything is read or changed.
 */
function requireOwnForm(req: Request): void {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `${req.protocol}://${req.headers.host}`) throw new PageProblem(403, 'Form refused', 'This form was sent from another site.');
  if (!csrfToken.matches(req, req.body?.csrf)) throw new PageProblem(403, 'Form expired', 'This form is out of date or was not sent from this page. Go back, reload the page and try again.');
}

/** A form post of these pages: its app id and state read, and its origin and token checked, before anything else. */
function readOwnForm(req: Request): { appId: number; state: string } {
  const appId = readId(req.params.appId, 'app id');
  const state = readState(req.body?.state);
  requireOwnForm(req);
  return { appId, state };
}

const isUnauthenticated = (error: unknown) => error instanceof GatewayOperationError && error.status === 401;

/**
 * The OAuth consent page of specs/store.md, server-rendered with plain forms (it works without
 * script, and keeps the owner's token out of reach of scripts):
 *
 * - `GET /apps/{app_id}/authorize?state=…`: sign in, or choose a store and grant or refuse;
 * - `POST /apps/{app_id}/authorize` (`decision=grant|refuse`, `store_id`): 303 to the app's
 *   redirect URL with `code` and `state`, or `error=access_denied` and `state`;
 * - `POST …/authorize/session` signs in (accounts login through the graph), `…/session/end` out.
 */
export function authorizeRouter(gateway: PageGateway, settings: AuthorizeSettings): Router {
  const router = Router();
  const forms = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 });

  const viewOf = async (req: Request, res: Response, state: string) => {
    const appId = readId(req.params.appId, 'app id');
    const { appAuthorizationRequest: request } = await gateway.run(req, AppAuthorizationRequestDocument, { appId, state });
    // The page's forms end in a redirect to the app: the content policy must let them go there.
    setPageHeaders(res, { 'form-action': [new URL(request.app.redirectUrl).origin] });
    res.setHeader('Cache-Control', 'no-store');
    const view: AuthorizeView = { request, path: `/apps/${appId}/authorize`, state, csrf: csrfToken.issue(req, res) };
    return { appId, view };
  };

  const showSignIn = (res: Response, view: AuthorizeView, status = 200, error?: string, username?: string) =>
    res.status(status).type('html').send(signInDocument({ ...view, error, username }));

  router
    .route('/apps/:appId/authorize')
    .get(async (req, res) => {
      const state = readState(req.query.state);
      const { view } = await viewOf(req, res, state);
      const token = ownerSession.read(req);
      if (!token) return showSignIn(res, view);
      try {
        const { me, myStores } = await gateway.run(req, OwnerStoresDocument, {}, token);
        res.type('html').send(consentDocument({ ...view, username: me.username, stores: myStores }));
      } catch (error) {
        if (!isUnauthenticated(error)) throw error;
        ownerSession.clear(req, res);
        showSignIn(res, view, 200, 'Your session has ended. Sign in again.');
      }
    })
    .post(forms, async (req, res) => {
      const { state } = readOwnForm(req);
      const { appId, view } = await viewOf(req, res, state);
      const decision = req.body.decision;
      if (decision === 'refuse') return res.redirect(303, view.request.deniedRedirectUrl);
      if (decision !== 'grant') throw badRequest('decision must be grant or refuse.');
      const storeId = readId(req.body.store_id, 'store id');
      const token = ownerSession.read(req);
      if (!token) return showSignIn(res, view, 401, 'Sign in to grant access.');
      try {
        const { authorizeApp } = await gateway.run(req, GrantAppDocument, { storeId, appId, state }, token);
        res.redirect(303, authorizeApp.redirectUrl);
      } catch (error) {
        if (!isUnauthenticated(error)) throw error;
        ownerSession.clear(req, res);
        showSignIn(res, view, 401, 'Your session has ended. Sign in again.');
      }
    })
    .all(pageMethodNotAllowed('GET', 'POST'));

  router
    .route('/apps/:appId/authorize/session')
    .post(forms, async (req, res) => {
      const { state } = readOwnForm(req);
      const { view } = await viewOf(req, res, state);
      const { username, password } = req.body;
      if (typeof username !== 'string' || typeof password !== 'string' || username === '' || password === '') {
        return showSignIn(res, view, 400, 'Enter your username and password.', typeof username === 'string' ? username : undefined);
      }
      try {
        const { login } = await gateway.run(req, OwnerSignInDocument, { username, password });
        ownerSession.write(req, res, login.token, settings.sessionSeconds);
        res.redirect(303, `${view.path}?state=${encodeURIComponent(state)}`);
      } catch (error) {
        // A wrong password (401) or too many of them (429): the graph's words, on the form again.
        if (!(error instanceof GatewayOperationError) || (error.status !== 401 && error.status !== 429)) throw error;
        showSignIn(res, view, error.status, error.message, username);
      }
    })
    .all(pageMethodNotAllowed('POST'));

  router
    .route('/apps/:appId/authorize/session/end')
    .post(forms, async (req, res) => {
      const { appId, state } = readOwnForm(req);
      ownerSession.clear(req, res);
      res.redirect(303, `/apps/${appId}/authorize?state=${encodeURIComponent(state)}`);
    })
    .all(pageMethodNotAllowed('POST'));
  return router;
}

