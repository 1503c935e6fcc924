import type { Browser, Page } from 'playwright-core';
import { zipFiles } from '../../../subgraphs/installer/sample/zip-writer';
import { launchChromium, openPage, screenshot, seriousAccessibilityViolations, VIEWPORTS, watchedPages } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { graphql, postJson, send } from '../../support/http';
import { launchOwnStack, STARTUP_PATIENCE_MS, type OwnStack } from '../../support/own-stack';
import { sampleAs } from '../installer/shim-client';
import { startStandInGenerator, type StandInGenerator } from '../installer/stand-in-generator';
import { expectFitsPhone } from './page-fixtures';

const STACK_START_MS = STARTUP_PATIENCE_MS + 30_000;

describe('web: the installer page', () => {
  let browser: Browser;
  let generator: StandInGenerator;
  let stack: OwnStack;
  beforeAll(async () => {
    generator = await startStandInGenerator();
    generator.apps.set('7', { name: 'Gallery', version: 1, zip: await zipFiles(sampleAs('gallery')) });
    generator.apps.set('8', { name: 'Gallery', version: 2, zip: await zipFiles(sampleAs('gallery', 2)) });
    generator.apps.set('17', { name: 'Archive', version: 1, zip: await zipFiles(sampleAs('archive')) });
    generator.apps.set('18', { name: 'Archive', version: 2, zip: await zipFiles(sampleAs('archive', 2)) });
    // Development: an install is applied right after its answer, so the page sees it go live.
    [browser, stack] = await Promise.all([launchChromium(), launchOwnStack({ NODE_ENV: 'development', GENERATOR_BACKEND_URL: generator.url })]);
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await generator?.close();
  });
  const { pages, open } = watchedPages(() => browser);
  const signInToGenerator = async (page: Page, password = 'Secret123') => {
    await page.getByLabel('Generator username').fill('maker');
    await page.getByLabel('Generator password').fill(password);
    await page.getByRole('button', { name: 'Sign in to the generator' }).click();
  };

  it('installs a generated app, previews its upgrade with the rows that lose data, confirms it, and shows the module live', async () => {
    const page = await open();
    await page.goto(`${stack.target.webUrl}/installer`);
    await page.getByRole('status').filter({ hasText: 'Enabled' }).waitFor();
    await page.getByText('No module is installed yet.').waitFor();

    // A wrong password is the generator's refusal, shown on the form; the right one lists its apps.
    await signInToGenerator(page, 'Wrong-password1');
    await page.getByRole('alert').filter({ hasText: 'did not accept' }).waitFor();
    pages[0].problems.splice(0); // the relay's 401, reported by Chromium as a failed load
    await signInToGenerator(page);
    await page.locator('tr[data-app-id="7"]').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'installer-apps-1280');

    await page.getByRole('button', { name: 'Install or upgrade Gallery version 1' }).click();
    await page.getByText('is live at version 1').waitFor();
    await page.locator('tr[data-module="gallery"] [data-testid="module-version"]', { hasText: '1' }).waitFor();
    await screenshot(page, 'installer-live-1280');
    await page.getByRole('button', { name: 'Done' }).click();

    // Version 2 removes a field that three seed rows fill: the preview says so and waits for a yes.
    await page.getByRole('button', { name: 'Install or upgrade Gallery version 2' }).click();
    await page.getByRole('heading', { name: 'Upgrade gallery from version 1 to 2?' }).waitFor();
    const removal = page.locator('tr[data-op="remove_field"]');
    expect(await removal.locator('td[data-label="Severity"]').textContent()).toBe('destructive');
    expect(await removal.locator('[data-testid="preview-rows"]').textContent()).toBe('3');
    const before = await graphql(stack.target, '{ installedModules { module version } }');
    expect(before.data.installedModules).toEqual([{ module: 'gallery', version: 1 }]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'installer-preview-1280');

    await page.getByRole('button', { name: 'Confirm the upgrade' }).click();
    await page.getByText('is live at version 2').waitFor();
    await page.locator('tr[data-module="gallery"] [data-testid="module-version"]', { hasText: '2' }).waitFor();
    const after = await graphql(stack.target, '{ installedModules { module version } }');
    expect(after.data.installedModules).toEqual([{ module: 'gallery', version: 2 }]);

    // The same package again: nothing to upgrade, said plainly.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Install or upgrade Gallery version 2' }).click();
    await page.getByRole('alert').filter({ hasText: 'already at this version or newer' }).waitFor();
  });

  it('lists the apps and shows an upgrade preview at 390 px without overflow or serious accessibility violations', async () => {
    // Archive v1 installed through the lane directly, as the page would.
    const installed = await graphql(stack.target, 'mutation { installFromGenerator(appId: "17") { success } }', {}, { 'x-generator-token': generator.access });
    expect(installed.data.installFromGenerator.success).toBe(true);
    await eventually(async () => (await graphql(stack.target, '{ installedModules { module } }')).data.installedModules.some((m: { module: string }) => m.module === 'archive'), 20_000, 'archive live');

    const page = await open(VIEWPORTS.phone);
    await page.goto(`${stack.target.webUrl}/installer`);
    await signInToGenerator(page);
    await page.locator('tr[data-app-id="18"]').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expectFitsPhone(page);
    await screenshot(page, 'installer-apps-390');
    await page.getByRole('button', { name: 'Install or upgrade Archive version 2' }).click();
    await page.getByRole('heading', { name: 'Upgrade archive from version 1 to 2?' }).waitFor();
    expect(await page.locator('tr[data-op="remove_field"] [data-testid="preview-rows"]').textContent()).toBe('3');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await expectFitsPhone(page);
    // From the top, so the sticky top bar is drawn where it belongs in the full-page picture.
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, 'installer-preview-390');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const still = await graphql(stack.target, '{ installedModules { module version } }');
    expect(still.data.installedModules).toContainEqual({ module: 'archive', version: 1 });
  });

  it('relays only sign-ins and app lists to the generator, and refuses bad calls', async () => {
    const relay = `${stack.target.webUrl}/installer/generator`;
    expect((await postJson(`${relay}/token`, { username: 'maker' })).status).toBe(400);
    expect((await postJson(`${relay}/token`, { username: 'maker', password: 'nope' })).status).toBe(401);
    expect((await postJson(`${relay}/token`, { username: 'maker', password: 'Secret123' }, { origin: 'http://evil.example' })).status).toBe(403);
    const signedIn = await postJson(`${relay}/token`, { username: 'maker', password: 'Secret123' });
    expect(signedIn.body).toEqual({ access: generator.access });
    expect((await send(`${relay}/apps`)).status).toBe(401);
    expect((await send(`${relay}/apps`, { headers: { authorization: 'Bearer forged' } })).status).toBe(401);
    expect((await send(`${relay}/apps`, { headers: { authorization: `Bearer ${generator.access}` } })).body).toHaveLength(generator.apps.size);
    const wrongMethod = await send(`${relay}/apps`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect((await send(`${relay}/token`)).status).toBe(405);
    expect((await send(`${relay}/apps/7/package`, { headers: { authorization: `Bearer ${generator.access}` } })).status).toBe(404);
  });
});

describe('web: the installer page with INSTALLER=false', () => {
  let browser: Browser;
  let stack: OwnStack;
  beforeAll(async () => {
    [browser, stack] = await Promise.all([launchChromium(), launchOwnStack({ INSTALLER: 'false' }, { only: ['installer', 'gateway', 'web'] })]);
    await eventually(async () => (await graphql(stack.target, '{ installerStatus { enabled } }').catch(() => undefined))?.data?.installerStatus.enabled === false, 60_000, 'installer status');
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it.each([
    ['1280', VIEWPORTS.desktop],
    ['390', VIEWPORTS.phone],
  ])('explains how to enable the installer (%s px), and the generator relay is not there', async (name, viewport) => {
    const { page, context, problems } = await openPage(browser, viewport);
    try {
      await page.goto(`${stack.target.webUrl}/installer`);
      await page.getByRole('heading', { name: 'The installer is turned off' }).waitFor();
      await page.getByText('INSTALLER=true').waitFor();
      expect(await page.getByRole('button', { name: 'Sign in to the generator' }).count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      if (viewport === VIEWPORTS.phone) await expectFitsPhone(page);
      await screenshot(page, `installer-disabled-${name}`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    expect((await postJson(`${stack.target.webUrl}/installer/generator/token`, { username: 'maker', password: 'Secret123' })).status).toBe(404);
  });
});
