import type { Page } from 'playwright-core';
import { VIEWPORTS } from '../../support/browser';
import { pictureSvg, type AssetServer } from '../../support/asset-server';
import { asApp, authorizeApp, createApp, createProduct, createStore, exchangeCode, type InstalledApp, type StoreFixture } from '../../support/store';
import type { StackTarget } from '../../support/targets';

/** Nothing on the page is wider than a phone: the console's 390 px check. */
export async function expectFitsPhone(page: Page): Promise<void> {
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

/** A paid app (so that billing can lapse it) with `write_scripts`, installed in the store through OAuth. */
export async function installPaidScriptApp(target: StackTarget, store: StoreFixture): Promise<InstalledApp> {
  const app = await createApp(target, ['read_products', 'write_scripts'], { monthlyPriceCents: 900 });
  const granted = await authorizeApp(target, store.owner.token, store.storeId, app.appId);
  const exchanged = await exchangeCode(target, { clientId: app.clientId, clientSecret: app.clientSecret, code: granted.data.authorizeApp.code });
  return { ...store, ...app, token: exchanged.data.exchangeAppCode.accessToken };
}

export async function registerScript(target: StackTarget, app: InstalledApp, src: string): Promise<number> {
  const result = await asApp(target, app.token, 'mutation($s: Int!, $i: ScriptInput!) { createScript(storeId: $s, input: $i) { id } }', { s: app.storeId, i: { src } });
  if (result.errors) throw new Error(`createScript failed: ${JSON.stringify(result.errors)}`);
  return result.data.createScript.id;
}

/**
 * A store in Spanish and English with a published shirt of two variants (colour), pictures on
 * the asset server; and the app that created it, installed with `scopes` (the spec's REST calls
 * use it too). The owner is the app's developer: a sign-up is a slow password hash, and the
 * storefront does not care who wrote the catalog app.
 */
export async function storeWithShirt(target: StackTarget, assets: AssetServer, scopes = ['write_products']) {
  const store = await createStore(target, ['es', 'en'], 'es');
  const catalog = await createApp(target, scopes, { developer: store.owner });
  const granted = await authorizeApp(target, store.owner.token, store.storeId, catalog.appId);
  const exchanged = await exchangeCode(target, { clientId: catalog.clientId, clientSecret: catalog.clientSecret, code: granted.data.authorizeApp.code });
  const catalogApp: InstalledApp = { ...store, ...catalog, token: exchanged.data.exchangeAppCode.accessToken };
  assets.assets.set('/shirt-blue.svg', pictureSvg('#3048b8', 'Azul'));
  assets.assets.set('/shirt-red.svg', pictureSvg('#c2410c', 'Rojo'));
  const product = await createProduct(target, catalogApp, {
    name: { es: 'Camisa de lino', en: 'Linen shirt' },
    description: { es: 'Camisa liviana de lino, ideal para el verano.', en: 'A light linen shirt for summer days.' },
    published: true,
    attributes: [{ es: 'Color', en: 'Colour' }],
    variants: [
      { price: '19.90', compareAtPrice: '24.90', stock: 5, sku: 'LIN-BLUE', values: [{ es: 'Azul', en: 'Blue' }], cost: '7.00' },
      { price: '21.50', stock: 0, sku: 'LIN-RED', values: [{ es: 'Rojo', en: 'Red' }], cost: '8.00' },
    ],
    images: [
      { src: `${assets.url}/shirt-blue.svg`, alt: { es: 'Camisa azul', en: 'Blue shirt' } },
      { src: `${assets.url}/shirt-red.svg`, alt: { es: 'Camisa roja', en: 'Red shirt' } },
    ],
  });
  return { store, product, app: catalogApp, pagePath: `/stores/${store.storeId}/products/${product.handle.es}` };
}

