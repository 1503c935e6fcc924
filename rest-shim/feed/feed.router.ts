import { Router } from 'express';
import { notFound } from '../../lib/errors';
import { readFields } from '../kit/body-fields';
import { legacyBodyParsers } from '../kit/body-parsers';
import { methodNotAllowed } from '../kit/method-not-allowed';
import type { ShimGateway } from '../kit/shim-gateway';
import { accessTokenHeader } from './access-token';
import { brandBody, currentUserBody, registeredUserBody, type BrandData, type FeedSessionData } from './feed-bodies';
import { renderFeedError } from './feed-errors';
import { feedOperations as ops } from './feed.operations';

/** Where the feed's legacy routes live; anything else under these answers in the feed's shape. */
const FEED_PATHS = ['/api/user', '/api/brand', '/api/subscribe', '/api/unsubscribe'];

const MESSAGES = {
  reset: 'Password successfully changed',
  edit: 'Profile successfully changed.',
  logout: 'You have successfully logged out.',
  subscribe: 'Successfully Subscribed',
  unsubscribe: 'Successfully Unsubscribed',
} as const;

/** Service B of the accounts-and-feed spec: readers, brands and subscriptions. */
export function feedRouter(gateway: ShimGateway): Router {
  const router = Router();
  router.use(FEED_PATHS, legacyBodyParsers());

  router
    .route('/api/user/register')
    .post(async (req, res) => {
      const fields = readFields(req.body, { name: 'string', email: 'string', password: 'string' });
      const data = await gateway.run<{ feedRegister: FeedSessionData }>(req, ops.FeedRegister, fields);
      res.status(201).json(registeredUserBody(data.feedRegister));
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/api/user/login')
    .post(async (req, res) => {
      const fields = readFields(req.body, { email: 'string', password: 'string' });
      const data = await gateway.run<{ feedLogin: { token: string } }>(req, ops.FeedLogin, fields);
      res.json({ token: data.feedLogin.token });
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/api/user/reset')
    .post(async (req, res) => {
      const fields = readFields(req.body, { currentPassword: 'string', newPassword: 'string' });
      await gateway.run(req, ops.FeedResetPassword, fields, accessTokenHeader(req));
      res.json({ message: MESSAGES.reset });
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/api/user/edit')
    .put(async (req, res) => {
      const fields = readFields(req.body, { name: 'string', email: 'string' });
      await gateway.run(req, ops.FeedEditProfile, fields, accessTokenHeader(req));
      res.json({ message: MESSAGES.edit });
    })
    .all(methodNotAllowed('PUT'));

  router
    .route('/api/user/logout')
    .post(async (req, res) => {
      await gateway.run(req, ops.FeedLogout, {}, accessTokenHeader(req));
      res.json({ message: MESSAGES.logout });
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/api/user/me')
    .get(async (req, res) => {
      const data = await gateway.run<{ feedMe: FeedSessionData }>(req, ops.FeedMe, {}, accessTokenHeader(req));
      res.json(currentUserBody(data.feedMe));
    })
    .all(methodNotAllowed('GET'));

  router
    .route('/api/brand/list/featured')
    .get(async (req, res) => {
      const data = await gateway.run<{ brands: BrandData[] }>(req, ops.FeedBrands, { featured: true });
      res.json(data.brands.map(brandBody));
    })
    .all(methodNotAllowed('GET'));

  router
    .route('/api/brand/list')
    .get(async (req, res) => {
      const data = await gateway.run<{ brands: BrandData[] }>(req, ops.FeedBrands);
      res.json(data.brands.map(brandBody));
    })
    .all(methodNotAllowed('GET'));

  router
    .route('/api/brand/:id')
    .get(async (req, res) => {
      const data = await gateway.run<{ brand: BrandData }>(req, ops.FeedBrand, { id: req.params.id });
      res.json(brandBody(data.brand));
    })
    .all(methodNotAllowed('GET'));

  router
    .route('/api/subscribe/:id')
    .post(async (req, res) => {
      await gateway.run(req, ops.FeedSubscribe, { brandId: req.params.id }, accessTokenHeader(req));
      res.json({ message: MESSAGES.subscribe });
    })
    .all(methodNotAllowed('POST'));

  router
    .route('/api/unsubscribe/:id')
    .post(async (req, res) => {
      await gateway.run(req, ops.FeedUnsubscribe, { brandId: req.params.id }, accessTokenHeader(req));
      res.json({ message: MESSAGES.unsubscribe });
    })
    .all(methodNotAllowed('POST'));

  router.use(FEED_PATHS, () => {
    throw notFound('Not found');
  });
  router.use(FEED_PATHS, renderFeedError);
  return router;
}
