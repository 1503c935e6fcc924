import type { Browser } from 'playwright-core';
import { billingAdminToken, recordAppPayment } from '../../support/billing';
import { launchChromium, screenshot, seriousAccessibilityViolations, VIEWPORTS, watchedPages } from '../../support/browser';
import { startAssetServer, type AssetServer } from '../../support/asset-server';
import { send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { expectFitsPhone, installPaidScriptApp, registerScript, storeWithShirt } from './page-fixtures';

// Once per dialect: the page's reads (a product by handle and language) are new to the store subgraph.

// An app's storefront script: it keeps what each callback received, and proves it ran after LS existed.
const RECORDING_SCRIPT = `window.seenVariants = [];
window.lsAtLoad = typeof window.LS;
LS.registerOnChangeVariant(function (variant) { window.seenVariants.push(variant); });`;

describeEachDatabase('web: the storefront product page', (target) => {
  let browser: Browser;
  let assets: AssetServer;
  const { pages, open: openWatched } = watchedPages(() => browser);
  beforeAll(async () => {
    [browser, assets] = await Promise.all([launchChromium(), startAssetServer()]);
    assets.assets.set('/recording.js', { type: 'text/javascript', body: RECORDING_SCRIPT });
    assets.assets.set('/second.js', { type: 'text/javascript', body: 'window.order = (window.order || []).concat(["second"]);' });
  });
  afterAll(async () => {
    await browser?.close();
    await assets?.close();
  });
  const open = async (viewport = VIEWPORTS.desktop, javaScriptEnabled = true) => {
    if (javaScriptEnabled) return openWatched(viewport);
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    pages.push({ page, context, problems: [] });
    return page;
  };

  it('hands each registered callback the chosen variant with its form container; a lapsed app’s script leaves the page', async () => {
    const { store, product, pagePath } = await storeWithShirt(target, assets);
    const app = await installPaidScriptApp(target, store);
    await registerScript(target, app, `${assets.url}/recording.js`);

    const page = await open();
    await page.goto(`${target.webUrl}${pagePath}`);
    expect(await page.locator(`script[src="${assets.url}/recording.js"]`).getAttribute('defer')).toBe('');
    expect(await page.evaluate<string>('window.lsAtLoad')).toBe('object');
    await page.getByRole('heading', { name: 'Camisa de lino', level: 1 }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'storefront-1280');

    await page.getByLabel(/Rojo/).check();
    await page.waitForFunction('window.seenVariants.length === 1');
    const [seen] = await page.evaluate<any[]>('window.seenVariants');
    const red = product.variants[1];
    expect(seen).toMatchObject({ id: red.id, product_id: product.id, price: '21.50', sku: 'LIN-RED', stock: 0, stock_management: true, values: [{ es: 'Rojo', en: 'Red' }] });
    expect(seen.element).toBe(`#product-${product.id}-form`);
    expect(seen).not.toHaveProperty('cost');
    expect(seen.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
    // The selector names the container of the form the shopper used.
    expect(await page.evaluate<boolean>(`document.querySelector(${JSON.stringify(seen.element)}).contains(document.querySelector('input[value="${red.id}"]'))`)).toBe(true);
    await page.locator('[data-variant-stock]', { hasText: 'Sin stock' }).waitFor();
    expect(new URL(page.url()).searchParams.get('variant')).toBe(String(red.id));

    // The app's payment lapses: its script leaves the storefront at once.
    const admin = await billingAdminToken(target);
    const lapsed = await recordAppPayment(target, admin, store.storeId, app.appId, new Date(Date.now() - 60_000).toISOString());
    expect(lapsed.errors).toBeUndefined();
    await page.reload();
    await page.getByRole('heading', { name: 'Camisa de lino', level: 1 }).waitFor();
    expect(await page.locator('script[data-app-script]').count()).toBe(0);
    expect(await page.evaluate<string>('typeof window.seenVariants')).toBe('undefined');
    const html = await send(`${target.webUrl}${pagePath}`);
    expect(html.body).not.toContain('recording.js');
  });

  it('includes the scripts of every served app in registration order, and allows their origin on this page only', async () => {
    const { store, pagePath } = await storeWithShirt(target, assets);
    const first = await installPaidScriptApp(target, store);
    const second = await installPaidScriptApp(target, store);
    await registerScript(target, second, `${assets.url}/second.js`);
    await registerScript(target, first, `${assets.url}/recording.js`);
    const response = await send(`${target.webUrl}${pagePath}`);
    const sources = [...(response.body as string).matchAll(/<script src="([^"]+)" defer/g)].map((match) => match[1]);
    expect(sources).toEqual([`${assets.url}/second.js`, `${assets.url}/recording.js`]);
    // LS is defined before any app script: the hook comes first in the document.
    expect(response.body.indexOf('window.LS')).toBeLessThan(response.body.indexOf(`${assets.url}/second.js`));
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toMatch(new RegExp(`script-src 'self' 'sha256-[A-Za-z0-9+/=]+' ${assets.url}`));
    expect(policy).not.toContain("'unsafe-inline'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    const consolePolicy = (await send(`${target.webUrl}/console`)).headers.get('content-security-policy')!;
    expect(consolePolicy).not.toContain(assets.url);
  });

  it('works without script: the variant form reloads the page with the choice; other languages have their own handle', async () => {
    const { product, pagePath } = await storeWithShirt(target, assets);
    const page = await open(VIEWPORTS.desktop, false);
    await page.goto(`${target.webUrl}${pagePath}`);
    await page.locator('[data-variant-price]', { hasText: '19,90' }).waitFor();
    await page.getByLabel(/Rojo/).check();
    await page.getByRole('button', { name: 'Ver esta opción' }).click();
    await page.waitForURL(/variant=/);
    expect(new URL(page.url()).searchParams.get('variant')).toBe(String(product.variants[1].id));
    await page.locator('[data-variant-price]', { hasText: '21,50' }).waitFor();

    await page.getByRole('link', { name: 'EN' }).click();
    await page.getByRole('heading', { name: 'Linen shirt', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(pagePath.replace(product.handle.es, product.handle.en));
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
  });

  it('is usable at 390 px: no serious accessibility violation and nothing wider than the screen', async () => {
    const { pagePath, product } = await storeWithShirt(target, assets);
    const page = await open(VIEWPORTS.phone);
    await page.goto(`${target.webUrl}${pagePath.replace(product.handle.es, product.handle.en)}?lang=en`);
    await page.getByRole('heading', { name: 'Linen shirt', level: 1 }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expectFitsPhone(page);
    await screenshot(page, 'storefront-390');
  });

  it('answers unknown pages with a 404 page, bad input with a 400 and other methods with a 405, changing nothing', async () => {
    const { store, pagePath } = await storeWithShirt(target, assets);
    const page = await open(VIEWPORTS.phone);
    const missing = await page.goto(`${target.webUrl}/stores/${store.storeId}/products/no-such-shirt`);
    expect(missing!.status()).toBe(404);
    // Chromium reports the page's own 404 status as a failed load: expected here, and the only one.
    expect(pages[0].problems).toEqual(['console error: Failed to load resource: the server responded with a status of 404 (Not Found)']);
    pages[0].problems.length = 0;
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expectFitsPhone(page);
    await screenshot(page, 'storefront-404-390');

    const status = async (path: string, method = 'GET') => (await send(`${target.webUrl}${path}`, { method })).status;
    expect(await status('/stores/999999999/products/camisa-de-lino')).toBe(404);
    expect(await status(`${pagePath}?lang=fr`)).toBe(404);
    expect(await status(`${pagePath}?variant=999999999`)).toBe(404);
    expect(await status('/stores/abc/products/camisa-de-lino')).toBe(400);
    expect(await status('/stores/0/products/camisa-de-lino')).toBe(400);
    expect(await status(`${pagePath}?lang=english`)).toBe(400);
    expect(await status(`${pagePath}?variant=-1`)).toBe(400);
    const post = await send(`${target.webUrl}${pagePath}`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(post.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await status(pagePath)).toBe(200);
  });
});
