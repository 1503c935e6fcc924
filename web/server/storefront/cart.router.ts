import express, { Router, type Request, type Response } from 'express';
import { GatewayOperationError } from '../../../lib/graph-client';
import {
  AddToCartDocument,
  CheckoutDocument,
  SetCartCouponDocument,
  SetCartQuantityDocument,
  StorefrontCartDocument,
  StorefrontOrderDocument,
  StorefrontStoreDocument,
  type CartPageFragment,
} from '../generated/graph';
import type { PageGateway } from '../graph/page-gateway';
import { badRequest, pageMethodNotAllowed, PageProblem } from '../pages/page-errors';
import { readId } from '../pages/page-input';
import { setPageHeaders } from '../security-headers';
import { cartDocument, cartPath, checkoutDocument, confirmationDocument, type CheckoutValues, type FieldProblems } from './cart-page';
import { cartCookie } from './cart-cookie';

const CHECKOUT_KEYS = ['name', 'email', 'phone', 'address', 'number', 'floor', 'city', 'province', 'zipcode', 'country', 'shipping_option', 'note'] as const;
const ORDER_TOKEN = /^[0-9a-f]{40}$/;

/** The graph refused the input field by field (INVALID_FIELDS): its map, else undefined. */
function fieldProblems(error: unknown): FieldProblems | undefined {
  if (!(error instanceof GatewayOperationError) || error.code !== 'INVALID_FIELDS') return undefined;
  return (error.details as { fields?: FieldProblems } | undefined)?.fields;
}

/** The cart is gone or closed (unknown token, another store's, checked out): start afresh. */
const isStale = (error: unknown) => error instanceof GatewayOperationError && (error.code === 'NOT_FOUND' || error.code === 'REQUEST_REFUSED');

/** A form post of the store's pages comes from them: a browser that names another origin is refused. */
function requireOwnOrigin(req: Request): void {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `${req.protocol}://${req.headers.host}`) throw new PageProblem(403, 'Form refused', 'This form was sent from another site.');
}

/** A whole number from a form field (quantity), else a 400 naming it. */
function readCount(raw: unknown, what: string): number {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw.trim())) throw badRequest(`The ${what} must be a whole number.`);
  return Number(raw.trim());
}

/**
 * The storefront that sells, server-rendered with plain forms (it works without script, at any
 * width): `POST /stores/{id}/cart` adds the variant chosen on the product page; `GET …/cart` shows
 * the cart (quantities, remove, coupon), `POST …/cart/lines` and `…/cart/coupon` change it;
 * `GET|POST …/checkout` takes contact, address and shipping option and places the order; `GET
 * …/orders/{token}` confirms it with its number. The cart's token lives in a cookie and its row
 * in the store's database; every price shown or charged is the catalog's, read by the server.
 */
export function cartRouter(gateway: PageGateway): Router {
  const router = Router();
  const forms = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 30 });

  const readCart = async (req: Request, storeId: number): Promise<CartPageFragment | undefined> => {
    const token = cartCookie.read(req, storeId);
    if (!token) return undefined;
    try {
      return (await gateway.run(req, StorefrontCartDocument, { storeId, token })).storefrontCart;
    } catch (error) {
      if (error instanceof GatewayOperationError && error.code === 'NOT_FOUND' && error.message === 'Cart not found') return undefined;
      throw error;
    }
  };

  const showCart = async (req: Request, res: Response, storeId: number, status = 200, problems: FieldProblems = {}, notice?: string) => {
    const found = await readCart(req, storeId);
    const cart = found?.orderId ? undefined : found;
    // No cart yet: the empty page still speaks the store's language (and 404s for no such store).
    const store = cart ? { name: cart.storeName, mainLanguage: cart.language } : (await gateway.run(req, StorefrontStoreDocument, { storeId })).storefrontStore;
    setPageHeaders(res);
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).type('html').send(cartDocument(cart, storeId, store.name, store.mainLanguage, problems, notice));
  };

  router
    .route('/stores/:storeId/cart')
    .get(async (req, res) => showCart(req, res, readId(req.params.storeId, 'store id')))
    .post(forms, async (req, res) => {
      const storeId = readId(req.params.storeId, 'store id');
      requireOwnOrigin(req);
      const variantId = readId(req.body?.variant, 'variant');
      const quantity = req.body?.quantity === undefined ? 1 : readCount(req.body.quantity, 'quantity');
      const add = (token: string | undefined) => gateway.run(req, AddToCartDocument, { storeId, token: token ?? null, variantId, quantity });
      const token = cartCookie.read(req, storeId);
      let added;
      try {
        added = await add(token).catch((error: unknown) => (token && isStale(error) ? add(undefined) : Promise.reject(error)));
      } catch (error) {
        const problems = fieldProblems(error);
        if (!problems) throw error;
        return showCart(req, res, storeId, 422, problems, Object.values(problems)[0][0]);
      }
      cartCookie.write(req, res, storeId, added.addToCart.token);
      res.redirect(303, cartPath(storeId));
    })
    .all(pageMethodNotAllowed('GET', 'POST'));

  router
    .route('/stores/:storeId/cart/lines')
    .post(forms, async (req, res) => {
      const storeId = readId(req.params.storeId, 'store id');
      requireOwnOrigin(req);
      const token = cartCookie.read(req, storeId);
      if (!token) return res.redirect(303, cartPath(storeId));
      const variantId = readId(req.body?.variant, 'variant');
      const quantity = readCount(Array.isArray(req.body?.quantity) ? req.body.quantity.at(-1) : req.body?.quantity, 'quantity');
      try {
        await gateway.run(req, SetCartQuantityDocument, { storeId, token, variantId, quantity });
      } catch (error) {
        const problems = fieldProblems(error);
        if (!problems) throw error;
        return showCart(req, res, storeId, 422, problems, Object.values(problems)[0][0]);
      }
      res.redirect(303, cartPath(storeId));
    })
    .all(pageMethodNotAllowed('POST'));

  router
    .route('/stores/:storeId/cart/coupon')
    .post(forms, async (req, res) => {
      const storeId = readId(req.params.storeId, 'store id');
      requireOwnOrigin(req);
      const token = cartCookie.read(req, storeId);
      if (!token) return res.redirect(303, cartPath(storeId));
      const code = typeof req.body?.code === 'string' ? req.body.code.slice(0, 100) : '';
      try {
        await gateway.run(req, SetCartCouponDocument, { storeId, token, code });
      } catch (error) {
        const problems = fieldProblems(error);
        if (!problems) throw error;
        return showCart(req, res, storeId, 422, problems);
      }
      res.redirect(303, cartPath(storeId));
    })
    .all(pageMethodNotAllowed('POST'));

  const showCheckout = (res: Response, cart: CartPageFragment, status = 200, values: CheckoutValues = {}, problems: FieldProblems = {}) => {
    setPageHeaders(res);
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).type('html').send(checkoutDocument(cart, values, problems));
  };

  router
    .route('/stores/:storeId/checkout')
    .get(async (req, res) => {
      const storeId = readId(req.params.storeId, 'store id');
      const cart = await readCart(req, storeId);
      if (!cart || cart.orderId || cart.lines.length === 0) return res.redirect(303, cartPath(storeId));
      showCheckout(res, cart);
    })
    .post(forms, async (req, res) => {
      const storeId = readId(req.params.storeId, 'store id');
      requireOwnOrigin(req);
      const token = cartCookie.read(req, storeId);
      const cart = await readCart(req, storeId);
      if (!token || !cart || cart.orderId || cart.lines.length === 0) return res.redirect(303, cartPath(storeId));
      const values: CheckoutValues = {};
      for (const key of CHECKOUT_KEYS) if (typeof req.body?.[key] === 'string') values[key] = req.body[key].slice(0, 500);
      const { shipping_option: shippingOption, ...contact } = values;
      try {
        const placed = await gateway.run(req, CheckoutDocument, { storeId, token, input: { ...contact, shippingOption }, language: cart.language });
        cartCookie.clear(req, res, storeId);
        res.redirect(303, `/stores/${storeId}/orders/${placed.checkout.token}`);
      } catch (error) {
        const problems = fieldProblems(error);
        if (!problems) throw error;
        showCheckout(res, (await readCart(req, storeId)) ?? cart, 422, values, problems);
      }
    })
    .all(pageMethodNotAllowed('GET', 'POST'));

  router
    .route('/stores/:storeId/orders/:token')
    .get(async (req, res) => {
      const storeId = readId(req.params.storeId, 'store id');
      const token = String(req.params.token);
      if (!ORDER_TOKEN.test(token)) throw badRequest('This is not an order address.');
      const { storefrontOrder, storefrontStore } = await gateway.run(req, StorefrontOrderDocument, { storeId, token });
      setPageHeaders(res);
      res.setHeader('Cache-Control', 'no-store');
      res.type('html').send(confirmationDocument(storefrontOrder, storeId, storefrontStore.name));
    })
    .all(pageMethodNotAllowed('GET'));

  return router;
}
