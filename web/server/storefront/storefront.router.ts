import { Router } from 'express';
import { restView } from '../../../lib/store-rest';
import { StorefrontPageDocument } from '../generated/graph';
import type { PageGateway } from '../graph/page-gateway';
import { readId } from '../pages/page-input';
import { badRequest, pageMethodNotAllowed, pageNotFound } from '../pages/page-errors';
import { setPageHeaders } from '../security-headers';
import { storefrontDocument } from './storefront-page';
import { storefrontHook } from './storefront-hook';

const LANGUAGE = /^[a-z]{2}$/;


/** The origins of absolute http(s) URLs, for the page's content policy. */
function originsOf(urls: readonly string[]): string[] {
  return [...new Set(urls.flatMap((url) => (/^https?:\/\//i.test(url) ? [new URL(url).origin] : [])))];
}

/**
 * `GET /stores/{store_id}/products/{handle}` (`?lang=`, `?variant=`): the storefront product page,
 * from one operation (the product in the page's language and the scripts of the apps the store
 * serves). Its content policy lets in, on this page only, the inline `LS` hook by its hash and the
 * origins of the scripts it includes (their network calls too), and the pictures' origins.
 */
export function storefrontRouter(gateway: PageGateway): Router {
  const router = Router();
  router
    .route('/stores/:storeId/products/:handle')
    .get(async (req, res) => {
      const storeId = readId(req.params.storeId, 'store id');
      const language = req.query.lang;
      if (language !== undefined && (typeof language !== 'string' || !LANGUAGE.test(language))) throw badRequest('lang must be a two-letter language code, such as es or en.');
      const variant = req.query.variant === undefined ? undefined : readId(req.query.variant, 'variant');
      const handle = String(req.params.handle);
      const page = await gateway.run(req, StorefrontPageDocument, { storeId, handle, language });
      const { product } = page.storefrontProduct;
      if (variant !== undefined && !product.variants.some((candidate) => candidate.id === variant)) throw pageNotFound(`This product has no variant ${variant}.`);
      const scriptOrigins = originsOf(page.storefrontScripts.map((script) => script.src));
      setPageHeaders(res, {
        'script-src': [storefrontHook.hash, ...scriptOrigins],
        'connect-src': scriptOrigins,
        'img-src': [...originsOf(product.images.map((image) => image.src)), ...scriptOrigins],
      });
      // The scripts follow billing: a suspended app's must leave at once, so no copy is kept.
      res.setHeader('Cache-Control', 'no-store');
      // Scripts get each variant as the store API shows it, timestamps included.
      const storefront = { ...page.storefrontProduct, product: { ...product, variants: restView(product.variants) } };
      res.type('html').send(storefrontDocument(storefront, page.storefrontScripts, variant ?? product.variants[0].id, req.path));
    })
    .all(pageMethodNotAllowed('GET'));
  return router;
}
