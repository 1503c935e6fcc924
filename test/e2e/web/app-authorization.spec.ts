import type { Browser, Page } from 'playwright-core';
import { billingAdminToken, billingState } from '../../support/billing';
import { launchChromium, screenshot, seriousAccessibilityViolations, VIEWPORTS, watchedPages } from '../../support/browser';
import { postForm, send } from '../../support/http';
import { createApp, createStore } from '../../support/store';
import { describeEachDatabase, type StackTarget } from '../../support/targets';
import { expectFitsPhone } from './page-fixtures';

// The app's redirect URL: the browser's visit there is answered by the test (page.route), as the app would.
const REDIRECT = 'http://127.0.0.1:9/oauth/callback';

/** The cookies and the form token a browser holds after opening the page. */
async function pageSession(target: StackTarget, path: string, cookie = ''): Promise<{ cookie: string; csrf: string; html: string }> {
  const response = await fetch(`${target.webUrl}${path}`, { headers: { cookie } });
  const html = await response.text();
  const set = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  const jar = [...cookie.split('; ').filter(Boolean), ...set].join('; ');
  return { cookie: jar, csrf: /name="csrf" value="([0-9a-f]+)"/.exec(html)?.[1] ?? '', html };
}

describeEachDatabase('web: the app authorisation page', (target) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  const { pages, open: openWatched } = watchedPages(() => browser);
  const open = async (viewport = VIEWPORTS.desktop): Promise<Page> => {
    const page = await openWatched(viewport);
    await page.route(`${REDIRECT}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>App</title><main><h1>Back at the app</h1></main></html>' }),
    );
    return page;
  };
  const signIn = async (page: Page, owner: { username: string; password: string }) => {
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  it('signs the owner in, grants a chosen store, and the code it hands the app is exchanged for a working token', async () => {
    const { owner, storeId } = await createStore(target, ['es', 'en'], 'es');
    const app = await createApp(target, ['write_products', 'write_scripts'], { redirectUrl: REDIRECT });
    const page = await open();
    await page.goto(`${target.webUrl}/apps/${app.appId}/authorize?state=st-123`);
    await page.getByRole('heading', { name: 'Test app', level: 1 }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'authorize-sign-in-1280');

    await page.getByLabel('Password').fill('Wrong-password1');
    await page.getByLabel('Username').fill(owner.username);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    pages[0].problems.splice(0); // the refused sign-in's 401 status, reported by Chromium as a failed load
    await signIn(page, owner);

    await page.getByText('Signed in as').waitFor();
    for (const scope of ['See your products', 'Change your products', 'Add scripts to your storefront']) await page.getByText(scope).waitFor();
    await page.getByLabel('Store').selectOption(String(storeId));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'authorize-consent-1280');
    await page.getByRole('button', { name: 'Grant access' }).click();
    await page.waitForURL(`${REDIRECT}**`);
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('st-123');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f]{40}$/);

    const exchanged = await postForm(`${target.shimUrl}/apps/authorize/token`, { client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', code });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({ token_type: 'bearer', user_id: String(storeId), scope: expect.stringContaining('write_scripts') });
    const products = await send(`${target.shimUrl}/v1/${storeId}/products`, { headers: { authentication: `bearer ${exchanged.body.access_token}`, 'user-agent': 'Auth test (dev@example.com)' } });
    expect(products.status).toBe(200);
  });

  it('refusing sends the owner back with error=access_denied and the state, and installs nothing', async () => {
    const { owner, storeId } = await createStore(target);
    const app = await createApp(target, ['read_products'], { redirectUrl: REDIRECT });
    const page = await open(VIEWPORTS.phone);
    await page.goto(`${target.webUrl}/apps/${app.appId}/authorize?state=keep%20me`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expectFitsPhone(page);
    await screenshot(page, 'authorize-sign-in-390');
    await signIn(page, owner);
    await page.getByRole('button', { name: 'Grant access' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expectFitsPhone(page);
    await screenshot(page, 'authorize-consent-390');
    await page.getByRole('button', { name: 'Refuse' }).click();
    await page.waitForURL(`${REDIRECT}**`);
    const back = new URL(page.url());
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'keep me' });
    const billing = await billingState(target, await billingAdminToken(target), storeId);
    expect(billing.data.billingState.apps).toEqual([]);
  });

  it('answers bad input with a clear 4xx page and changes nothing', async () => {
    const { owner, storeId } = await createStore(target);
    const app = await createApp(target, ['read_products'], { redirectUrl: REDIRECT });
    const path = `/apps/${app.appId}/authorize`;
    const status = async (url: string, init: Parameters<typeof send>[1] = {}) => {
      const response = await send(`${target.webUrl}${url}`, init);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      return response.status;
    };
    expect(await status(path)).toBe(400); // no state
    expect(await status(`${path}?state=`)).toBe(400);
    expect(await status('/apps/abc/authorize?state=x')).toBe(400);
    expect(await status('/apps/99999999999/authorize?state=x')).toBe(400);
    expect(await status('/apps/999999999/authorize?state=x')).toBe(404);
    const put = await send(`${target.webUrl}${path}?state=x`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, HEAD');
    expect(await status(`${path}/session`)).toBe(405);

    // Signed in for real, then forms without the page's token, with another's, or from another site.
    const first = await pageSession(target, `${path}?state=x`);
    const login = await fetch(`${target.webUrl}${path}/session`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: first.cookie },
      body: new URLSearchParams({ csrf: first.csrf, state: 'x', username: owner.username, password: owner.password }).toString(),
    });
    expect(login.status).toBe(303);
    const session = await pageSession(target, `${path}?state=x`, [first.cookie, ...login.headers.getSetCookie().map((line) => line.split(';')[0])].join('; '));
    expect(session.html).toContain('Grant access');
    const grant = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${target.webUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie, ...headers },
        body: new URLSearchParams({ state: 'x', decision: 'grant', store_id: String(storeId), ...fields }).toString(),
      });
    expect((await grant({})).status).toBe(403);
    expect((await grant({ csrf: 'f'.repeat(64) })).status).toBe(403);
    expect((await grant({ csrf: session.csrf }, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await grant({ csrf: session.csrf, decision: 'maybe' })).status).toBe(400);
    expect((await grant({ csrf: session.csrf, store_id: 'one' })).status).toBe(400);
    expect((await grant({ csrf: session.csrf, state: '' })).status).toBe(400);
    // Another owner's store is no store of this owner's.
    const other = await createStore(target);
    expect((await grant({ csrf: session.csrf, store_id: String(other.storeId) })).status).toBe(404);
    const admin = await billingAdminToken(target);
    for (const id of [storeId, other.storeId]) expect((await billingState(target, admin, id)).data.billingState.apps).toEqual([]);

    // The same form with its token goes through.
    const granted = await grant({ csrf: session.csrf });
    expect(granted.status).toBe(303);
    expect(granted.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:9\/oauth\/callback\?code=[0-9a-f]{40}&state=x$/);
  });
});
