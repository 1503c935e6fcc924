import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot, seriousAccessibilityViolations, VIEWPORTS, watchedPages } from '../../support/browser';
import { startAssetServer, type AssetServer } from '../../support/asset-server';
import { graphql } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { createStore } from '../../support/store';
import { StoreApi } from '../store-rest/store-fixtures';
import { expectFitsPhone, storeWithShirt } from './page-fixtures';

const SHOP_SCOPES = ['read_products', 'write_products', 'read_orders', 'write_orders', 'read_coupons', 'write_coupons'];

/** Fills the checkout form as a shopper types it. */
async function fillCheckout(page: Page): Promise<void> {
  for (const [name, value] of [
    ['name', 'Ana Pérez'],
    ['email', 'ana@example.com'],
    ['phone', '11 5555-0000'],
    ['address', 'Av. Corrientes'],
    ['number', '1234'],
    ['city', 'Buenos Aires'],
    ['province', 'CABA'],
    ['zipcode', 'C1043'],
    ['country', 'AR'],
  ]) {
    await page.locator(`input[name="${name}"]`).fill(value);
  }
}

describeEachDatabase('web: buying on the storefront', (target) => {
  let browser: Browser;
  let assets: AssetServer;
  const { pages, open } = watchedPages(() => browser);
  beforeAll(async () => {
    [browser, assets] = await Promise.all([launchChromium(), startAssetServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await assets?.close();
  });

  // The purchase is two tests, the cart and the checkout, each with its own store: one journey
  // of some ninety browser steps took as long as a test may on a loaded machine.
  it('fills a cart from the product page, with a coupon, without JavaScript at 390 px', async () => {
    const { store, product, pagePath, app } = await storeWithShirt(target, assets, SHOP_SCOPES);
    const api = new StoreApi(target, app);
    const coupon = await api.write('POST', '/coupons', { code: 'VERANO', type: 'percentage', value: 10, max_uses: 5 });
    expect(coupon.status).toBe(201);
    const [blue] = product.variants;

    const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    pages.push({ page, context, problems: [] });
    await page.goto(`${target.webUrl}${pagePath}`);
    await page.locator('form.add-to-cart input[name="quantity"]').fill('2');
    await page.locator('form.add-to-cart button[type="submit"]').click();
    await page.waitForURL(`**/stores/${store.storeId}/cart`);
    await expect(page.locator('[data-cart-subtotal]').textContent()).resolves.toBe('39,80');

    // The cart survives a reload (cookie and server-side row); quantities change; a bad coupon is named.
    await page.reload();
    await page.locator(`li[data-variant="${blue.id}"] input[name="quantity"]`).fill('3');
    await page.locator(`li[data-variant="${blue.id}"] button:not([name])`).click();
    await expect(page.locator('[data-cart-subtotal]').textContent()).resolves.toBe('59,70');
    await page.locator('input[name="code"]').fill('INVIERNO');
    await page.locator('.coupon-form button:not([name])').click();
    // The API's reason, in the store's language (the page is Spanish).
    await expect(page.locator('#coupon-problem').textContent()).resolves.toBe('INVIERNO no es un cupón de esta tienda.');
    await page.locator('input[name="code"]').fill('verano');
    await page.locator('.coupon-form button:not([name])').click();
    await expect(page.locator('[data-cart-discount]').textContent()).resolves.toBe('−5,97');
    await expectFitsPhone(page);
    await screenshot(page, 'cart-390');

    await page.locator('a.button-primary').click();
    await page.waitForURL(`**/stores/${store.storeId}/checkout`);
  });

  it('checks a cart out to an order number without JavaScript at 390 px, naming each missing field; the order reads back over REST', async () => {
    const { store, product, app } = await storeWithShirt(target, assets, SHOP_SCOPES);
    const api = new StoreApi(target, app);
    const coupon = await api.write('POST', '/coupons', { code: 'VERANO', type: 'percentage', value: 10, max_uses: 5 });
    expect(coupon.status).toBe(201);
    const [blue] = product.variants;
    // The cart the first test fills through the pages: three shirts and the coupon.
    const added = await graphql(target, 'mutation($s: Int!, $v: Int!) { addToCart(storeId: $s, token: null, variantId: $v, quantity: 3) { token } }', { s: store.storeId, v: blue.id });
    const cart = added.data.addToCart.token as string;
    const couponed = await graphql(target, 'mutation($s: Int!, $t: String!) { setCartCoupon(storeId: $s, token: $t, code: "verano") { token } }', { s: store.storeId, t: cart });
    expect(couponed.errors).toBeUndefined();

    const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    await context.addCookies([{ name: `switchyard_cart_${store.storeId}`, value: cart, url: `${target.webUrl}/stores/${store.storeId}/`, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    pages.push({ page, context, problems: [] });
    await page.goto(`${target.webUrl}/stores/${store.storeId}/checkout`);
    // Without an address the order is refused, each field named, and nothing is placed.
    await page.locator('input[name="name"]').fill('Ana Pérez');
    await page.locator('input[name="email"]').fill('ana@example');
    await page.locator('input[name="country"]').fill('Argentina');
    await page.locator('form button[type="submit"]').click();
    // Each problem beside its field, in the page's language, not the API's English.
    await expect(page.locator('#f-city-problem').textContent()).resolves.toBe('Completá este campo.');
    await expect(page.locator('#f-email-problem').textContent()).resolves.toBe('Escribí un e-mail válido, p. ej. ana@ejemplo.com.');
    await expect(page.locator('#f-country-problem').textContent()).resolves.toBe('Usá el código de dos letras del país (p. ej. AR).');
    await expect(page.locator('.notice-error').textContent()).resolves.toContain('Revisá los campos marcados abajo.');
    await screenshot(page, 'checkout-problems-390');
    expect((await api.get('/orders')).headers.get('x-total-count')).toBe('0');
    await fillCheckout(page);
    await page.locator('input[name="shipping_option"][value="standard"]').check();
    await expectFitsPhone(page);
    await screenshot(page, 'checkout-390');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`**/stores/${store.storeId}/orders/*`);
    await expect(page.locator('[data-order-number]').getAttribute('data-order-number')).resolves.toBe('100');
    // The top bar names the store, as on its other pages; the thanks are the page's heading.
    await expect(page.locator('.top-bar-name').textContent()).resolves.toBe('Test store');
    await expect(page.locator('main h1').textContent()).resolves.toBe('¡Gracias por tu compra!');
    await expect(page.title()).resolves.toBe('Orden #100 · Test store');
    // The line's amount, as the cart and the checkout showed it (3 × 19,90).
    await expect(page.locator('.cart-line .line-total').textContent()).resolves.toBe('59,70');
    await expectFitsPhone(page);
    await screenshot(page, 'order-390');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'order-1280');

    const [listed] = (await api.get('/orders?q=100')).body;
    const order = await api.get(`/orders/${listed.id}`);
    expect(order.body).toMatchObject({
      number: 100,
      storefront: 'store',
      payment_status: 'pending',
      status: 'open',
      subtotal: '59.70',
      discount: '5.97',
      shipping: 'standard',
      // The option as the shopper read it: named in the page's language.
      shipping_option: 'Envío a domicilio',
      shipping_cost_customer: '5.00',
      total: '58.73',
      coupon: [{ code: 'VERANO', type: 'percentage', value: '10.00' }],
      customer: { name: 'Ana Pérez', email: 'ana@example.com' },
      shipping_address: { address: 'Av. Corrientes', number: '1234', city: 'Buenos Aires', country: 'AR' },
    });
    expect(order.body.products).toEqual([expect.objectContaining({ variant_id: blue.id, quantity: 3, price: '19.90', name: 'Camisa de lino' })]);
    expect((await api.get(`/coupons/${coupon.body.id}`)).body.used).toBe(1);
    // The merchant marks it paid; the cart is gone (a new visit starts an empty one).
    expect((await api.write('POST', `/orders/${listed.id}/pay`, {})).body.payment_status).toBe('paid');
    await page.goto(`${target.webUrl}/stores/${store.storeId}/cart`);
    expect(await page.locator('.cart-line').count()).toBe(0);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Tu carrito');
    expect((await page.goto(`${target.webUrl}/stores/999999999/cart`))?.status()).toBe(404);
  });

  it('adds the variant picked with JavaScript; prices sent with a form are ignored; carts of another store are unknown', async () => {
    const { store, product, pagePath, app } = await storeWithShirt(target, assets, SHOP_SCOPES);
    const api = new StoreApi(target, app);
    await api.write('PUT', `/products/${product.id}/variants/${product.variants[1].id}`, { stock: 4 });
    const page = await open(VIEWPORTS.phone);
    await page.goto(`${target.webUrl}${pagePath}`);
    await page.locator(`input[name="variant"][value="${product.variants[1].id}"]`).check();
    await expect(page.locator('[data-cart-variant]').inputValue()).resolves.toBe(String(product.variants[1].id));
    await page.locator('form.add-to-cart button[type="submit"]').click();
    await page.waitForURL(`**/stores/${store.storeId}/cart`);
    await expect(page.locator('[data-cart-subtotal]').textContent()).resolves.toBe('21,50');
    // Axe runs as a script, so the pages' accessibility is checked here, with JavaScript on.
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.goto(`${target.webUrl}/stores/${store.storeId}/checkout`);
    await expectFitsPhone(page);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.goto(`${target.webUrl}/stores/${store.storeId}/cart`);

    // A form post with a price of its own: the cart shows the catalog's.
    const cookies = await page.context().cookies();
    const cart = cookies.find((cookie) => cookie.name === `switchyard_cart_${store.storeId}`)!;
    const posted = await page.request.post(`${target.webUrl}/stores/${store.storeId}/cart`, { form: { variant: String(product.variants[0].id), quantity: '1', price: '0.01' }, maxRedirects: 0 });
    expect(posted.status()).toBe(303);
    await page.reload();
    await expect(page.locator('[data-cart-subtotal]').textContent()).resolves.toBe('41,40');
    const other = await createStore(target, ['es'], 'es', store.owner);
    const foreign = await graphql(target, 'query($s: Int!, $t: String!) { storefrontCart(storeId: $s, token: $t) { token } }', { s: other.storeId, t: cart.value });
    expect(foreign.errors?.[0]).toMatchObject({ message: 'Cart not found', extensions: { code: 'NOT_FOUND' } });
    const zero = await graphql(target, 'mutation($s: Int!, $t: String!, $v: Int!) { setCartQuantity(storeId: $s, token: $t, variantId: $v, quantity: -1) { token } }', { s: store.storeId, t: cart.value, v: product.variants[0].id });
    expect(zero.errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS', details: { fields: { quantity: ['must be an integer between 0 and 10000'] } } });
    const huge = await graphql(target, 'mutation($s: Int!, $t: String!, $v: Int!) { addToCart(storeId: $s, token: $t, variantId: $v, quantity: 100000) { token } }', { s: store.storeId, t: cart.value, v: product.variants[0].id });
    expect(huge.errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS' });
    const unknown = await graphql(target, 'mutation($s: Int!, $t: String!) { addToCart(storeId: $s, token: $t, variantId: 999999999) { token } }', { s: store.storeId, t: cart.value });
    expect(unknown.errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS', details: { fields: { variant_id: ['Variant 999999999 not found'] } } });
    await page.reload();
    await expect(page.locator('[data-cart-subtotal]').textContent()).resolves.toBe('41,40');
  });
});
