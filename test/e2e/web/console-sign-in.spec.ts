import { bearer, postJson } from '../../support/http';
import { chromiumPages, screenshot, seriousAccessibilityViolations, VIEWPORTS } from '../../support/browser';
import { stackTargets } from '../../support/targets';
import { gql, newConsoleOperator, newWorkflow, operatorWithWorkflow, signIn } from './console-fixtures';

// The console reads only the graph; the dialects are covered by the graph's own tests, so the
// browser runs against the first stack (SQLite).
const [target] = stackTargets();

describe('web console: signing in and out', () => {
  const { open } = chromiumPages();

  it('shows the graph’s message for a wrong password, and keeps no session', async () => {
    const operator = await newConsoleOperator(target);
    const page = await open();
    await page.goto(`${target.webUrl}/console`);
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Password').fill('Wrong-password1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    expect(await page.evaluate<number>('sessionStorage.length')).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'sign-in-error-1280');
  });

  it('signs in, lists the organisation’s workflows, and forgets the token on sign-out', async () => {
    const { operator, workflow } = await operatorWithWorkflow(target);
    const page = await open();
    await page.goto(`${target.webUrl}/console`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'sign-in-1280');
    await signIn(page, target, operator);
    await page.locator(`tr[data-workflow-id="${workflow.id}"]`, { hasText: workflow.name }).waitFor();
    expect(await page.evaluate<string[]>('Object.keys(sessionStorage)')).toEqual(['switchyard.console.session']);

    // A reload of the tab keeps the session; another tab (a new context) has none.
    await page.reload();
    await page.getByRole('heading', { name: operator.organisationName, level: 1 }).waitFor();
    const other = await open();
    await other.goto(`${target.webUrl}/console`);
    await other.getByRole('button', { name: 'Sign in' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate<number>('sessionStorage.length')).toBe(0);
  });

  it('lets a member of two organisations pick one, and shows its workflows only', async () => {
    const operator = await newConsoleOperator(target);
    const second = await gql(target, 'mutation { createOrganisation(name: "Second shop") { id } }', {}, bearer(operator.token));
    const token = (await postJson(`${target.shimUrl}/auth/refresh`, {}, bearer(operator.token))).body.token;
    const first = await newWorkflow(target, { ...operator, token }, 100, 'first-flow');
    const other = await newWorkflow(target, { ...operator, token, organisationId: second.createOrganisation.id }, 100, 'second-flow');

    const page = await open();
    await page.goto(`${target.webUrl}/console`);
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Choose an organisation to see its workflows.').waitFor();
    await page.getByLabel('Organisation').selectOption({ label: 'Second shop' });
    await page.getByRole('heading', { name: 'Second shop', level: 1 }).waitFor();
    await page.locator(`tr[data-workflow-id="${other.id}"]`).waitFor();
    await page.getByLabel('Organisation').selectOption({ label: operator.organisationName });
    await page.locator(`tr[data-workflow-id="${first.id}"]`).waitFor();
    expect(await page.locator(`tr[data-workflow-id="${other.id}"]`).count()).toBe(0);
  });

  it('is usable at 390 px: every control reachable and named, no serious accessibility violation', async () => {
    const { operator } = await operatorWithWorkflow(target);
    const page = await open(VIEWPORTS.phone);
    await page.goto(`${target.webUrl}/console`);
    await screenshot(page, 'sign-in-390');
    // Keyboard only: tab to the fields, type, submit with Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.type(operator.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(operator.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: operator.organisationName, level: 1 }).waitFor();
    await page.getByRole('status', { name: 'Live updates: Live' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  });
});
